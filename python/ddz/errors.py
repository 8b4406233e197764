"""The exceptions of the ddz package. Every error from the C library arrives as one of these,
with the library's message (what is wrong and where)."""


class DdzError(Exception):
    """Base class of every ddz error."""


class InvalidInput(DdzError, ValueError):
    """An argument is malformed or out of range: a card int, a rank count no deck holds, an
    unknown name, a wrong dtype or shape."""


class IllegalAction(DdzError, ValueError, AssertionError):
    """An action the rules refuse (also an AssertionError, as DouZero's own check raises)."""


class GameStateError(DdzError, RuntimeError):
    """The game is not in a state that allows this: not dealt, already over."""


class RecordError(DdzError, IOError):
    """A record file could not be read or written, or a record is corrupt."""


_BY_CODE = {-1: InvalidInput, -2: IllegalAction, -3: GameStateError, -4: MemoryError, -5: RecordError,
            -6: InvalidInput}


def raise_for(code, message):
    raise _BY_CODE.get(code, DdzError)(message)
