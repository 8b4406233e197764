"""Loading libddz.so and declaring the flat C API (include/ddz/capi.h, douzero.h, vec.h).

The library is looked for, in order: $DDZ_LIB (a path to the .so), the copy installed inside
this package (pip install), and build/libddz.so of the source tree this package sits in
(python/ddz -> ../../build). Errors from C become the exceptions of ddz.errors."""

import ctypes
import os
from ctypes import POINTER, c_char_p, c_double, c_int, c_int8, c_int32, c_int64, c_long, c_size_t, c_uint, c_uint64, c_void_p, c_float

from .errors import raise_for

ABI = 1
ERR_LEN = 256


def _find():
    env = os.environ.get("DDZ_LIB")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    for name in ("libddz.so.0", "libddz.so"):
        p = os.path.join(here, name)
        if os.path.exists(p):
            return p
    p = os.path.join(here, "..", "..", "build", "libddz.so")
    if os.path.exists(p):
        return os.path.normpath(p)
    raise ImportError("ddz: libddz.so not found: run `make` in the repository root, "
                      "install the package with `pip install ./python`, or set DDZ_LIB")


path = _find()
lib = ctypes.CDLL(path)

U64P = POINTER(c_uint64)
I64P = POINTER(c_int64)
I32P = POINTER(c_int32)
I8P = POINTER(c_int8)
F32P = POINTER(c_float)


def _fn(name, res, *args):
    f = getattr(lib, name)
    f.restype = res
    f.argtypes = list(args)
    return f


# capi.h
_fn("ddz_capi_version", c_char_p)
_fn("ddz_capi_abi", c_int)
_fn("ddz_capi_ranks_valid", c_int, c_uint64)
_fn("ddz_capi_ranks_parse", c_int, c_char_p, U64P, c_char_p)
_fn("ddz_capi_ranks_format", c_int, c_uint64, c_char_p, c_size_t)
_fn("ddz_capi_cards_parse", c_int, c_char_p, U64P, c_char_p)
_fn("ddz_capi_cards_format", c_int, c_uint64, c_int, c_char_p, c_size_t)
_fn("ddz_capi_cards_ranks", c_int, c_uint64, U64P, c_char_p)
_fn("ddz_capi_rules_parse", c_int, c_char_p, c_char_p)
_fn("ddz_capi_rules_name", c_char_p, c_int)
_fn("ddz_capi_move_type_name", c_char_p, c_int)
_fn("ddz_capi_move_type_nb", c_int)
_fn("ddz_capi_classify", c_int, c_uint64, c_int, I32P, c_char_p)
_fn("ddz_capi_moves", c_int, c_uint64, c_uint64, c_int32, c_int, c_int, c_void_p, c_void_p, c_int, c_char_p)
_fn("ddz_capi_beats", c_int, c_uint64, c_int32, c_uint64, c_int32, c_int, c_char_p)
_fn("ddz_capi_move_parse", c_int, c_char_p, c_int, U64P, I32P, c_char_p)
_fn("ddz_capi_move_format", c_int, c_uint64, c_int32, c_int, c_char_p, c_size_t)

_fn("ddz_capi_game_new", c_void_p, c_char_p, c_char_p)
_fn("ddz_capi_game_free", None, c_void_p)
_fn("ddz_capi_game_copy", c_void_p, c_void_p)
_fn("ddz_capi_game_options", c_int, c_void_p, c_char_p, c_size_t)
_fn("ddz_capi_game_deal", c_int, c_void_p, c_uint64, c_int, c_char_p)
_fn("ddz_capi_game_deal_hands", c_int, c_void_p, U64P, c_uint64, c_int, c_char_p)
_fn("ddz_capi_game_deal_landlord", c_int, c_void_p, c_uint64, c_int, c_char_p)
_fn("ddz_capi_game_state", None, c_void_p, I64P)
_fn("ddz_capi_game_cards", c_uint64, c_void_p, c_int)
_fn("ddz_capi_game_table", None, c_void_p, U64P, I32P)
_fn("ddz_capi_game_legal", c_int, c_void_p, c_void_p, c_int, c_char_p)
_fn("ddz_capi_game_apply", c_int, c_void_p, I64P, c_char_p)
_fn("ddz_capi_game_undo", c_int, c_void_p, c_char_p)
_fn("ddz_capi_game_history", c_int, c_void_p, c_int, I64P, c_char_p)
_fn("ddz_capi_game_view", c_int, c_void_p, c_int, I64P, c_char_p)
_fn("ddz_capi_game_result", c_int, c_void_p, I64P, c_char_p)
_fn("ddz_capi_record_write", c_int, c_void_p, c_char_p, c_int, c_uint64, c_long, POINTER(c_void_p), c_char_p)
_fn("ddz_capi_free", None, c_void_p)
_fn("ddz_capi_reader_new", c_void_p, c_char_p, c_size_t)
_fn("ddz_capi_reader_open", c_void_p, c_char_p, c_char_p)
_fn("ddz_capi_reader_free", None, c_void_p)
_fn("ddz_capi_reader_next", c_int, c_void_p, c_void_p, I64P, c_char_p, c_size_t, c_char_p)

_fn("ddz_capi_game_from_douzero", c_int, c_void_p, c_int, c_uint64, c_uint64, U64P, c_int, c_char_p)
_fn("ddz_capi_agent_new", c_void_p, c_char_p, c_uint64, c_char_p)
_fn("ddz_capi_agent_free", None, c_void_p)
_fn("ddz_capi_agent_names", c_char_p)
_fn("ddz_capi_agent_act", c_int, c_void_p, c_void_p, I64P, c_char_p)
_fn("ddz_capi_arena_run", c_int, c_char_p, c_char_p, c_long, c_uint64, c_int, c_int, c_int, POINTER(c_double), c_char_p)
_fn("ddz_capi_arena_points", c_int, c_void_p, c_uint, c_int, I64P, c_char_p)
_fn("ddz_capi_solver_new", c_void_p, c_size_t)
_fn("ddz_capi_solver_free", None, c_void_p)
_fn("ddz_capi_solve", c_int, c_void_p, c_int, U64P, c_int, c_uint64, c_int32, c_int, c_int, c_uint64, c_double, I64P, c_char_p)
_fn("ddz_capi_splitter_new", c_void_p, c_int, c_int, c_int, c_char_p)
_fn("ddz_capi_splitter_free", None, c_void_p)
_fn("ddz_capi_split", c_int, c_void_p, c_uint64, U64P, I32P, POINTER(c_int), c_char_p)

# douzero.h
_fn("ddz_dz_size", c_size_t)
_fn("ddz_dz_init", c_int, c_void_p, U64P, c_uint64, c_void_p)
_fn("ddz_dz_legal", c_int, c_void_p, c_void_p)
_fn("ddz_dz_moves", c_int, c_uint64, c_uint64, c_void_p)
_fn("ddz_dz_move_type", c_int, c_uint64, POINTER(c_int))
_fn("ddz_dz_step", c_int, c_void_p, c_uint64, c_void_p)
_fn("ddz_dz_play", c_int, c_void_p, c_uint64, c_void_p, c_int, c_void_p)
_fn("ddz_dz_reward", c_double, c_void_p, c_int)
_fn("ddz_dz_obs", c_int, c_void_p, c_void_p, c_int, c_void_p, c_void_p, c_void_p, c_void_p)

if lib.ddz_capi_abi() != ABI:
    raise ImportError("ddz: %s has C API version %d, this package needs %d" % (path, lib.ddz_capi_abi(), ABI))

version = lib.ddz_capi_version().decode()


def errbuf():
    return ctypes.create_string_buffer(ERR_LEN)


def check(rc, err):
    """Raises the exception of a negative status with the C message; returns rc otherwise."""
    if rc < 0:
        raise_for(rc, err.value.decode("utf-8", "replace"))
    return rc


class DdzErrorStruct(ctypes.Structure):
    """cards.h's DdzError, used only by the douzero.h functions."""
    _fields_ = [("pos", c_int), ("msg", ctypes.c_char * 256)]

# vec.h
_fn("ddz_vec_new", c_void_p, c_int, c_char_p, c_int, c_int, c_uint64, c_int, c_char_p)
_fn("ddz_vec_free", None, c_void_p)
_fn("ddz_vec_bind", c_int, c_void_p, c_int, c_void_p, c_int)
_fn("ddz_vec_reset", None, c_void_p)
_fn("ddz_vec_step", c_int, c_void_p, c_void_p, c_char_p)
_fn("ddz_vec_universe", c_int, c_void_p, c_void_p, c_void_p, c_int)
_fn("ddz_vec_stats", None, c_void_p, I64P)
_fn("ddz_vec_game_bytes", c_size_t)
_fn("ddz_vec_set_order", c_int, c_void_p, c_int, c_char_p)
