"""n games stepped at once in C, observations into preallocated numpy arrays.

    env = ddz.vec.Env(4096, rules="douzero", objective="adp", obs=("compact", "douzero"),
                      legal="lists", bidding=False, seed=1, threads=0, order=None,
                      mask=False, actions=())
    env.reset()
    while training:
        a = policy(env.obs, env.legal_ranks, env.count)   # an index into each legal list
        env.step(a)                                       # or env.step() for random actions
        env.reward, env.done                              # per game, for games that just ended

Every array is allocated once and rewritten in place by reset() and step(); they are read-only
views: copy what you keep. Games that end are scored and dealt again at once (auto-reset); each game draws its
deals from its own generator, seeded from `seed` and its index. Layouts: docs/PYTHON.md.

The legal plays come in DouZero's order under rules="douzero" (order="douzero": its groups,
its repeated rows, pass last, as ddz.douzero lists them), else in the rules' generation order
(order="rules": pass first when following). mask=True has C write `mask`, (n, universe size)
bools; actions=("counts", "douzero") has it write each legal action's rank counts (`act_counts`,
uint8 (n, legal_cap, 15)) and DouZero's 54-card encoding (`act_dz`, int8 (n, legal_cap, 54)),
the action half of DouZero's x_batch rows."""

import ctypes

import numpy as np

from ._lib import check, errbuf, lib
from .core import rules_index, RULES
from .errors import InvalidInput

OBJECTIVES = ("wp", "adp", "logadp", "score")
COMPACT = 142
DZ_X = 430
DZ_Z = 810
LEGAL_CAP = 1025
(SEAT, PHASE, COUNT, LEGAL_RANKS, LEGAL_READING, LEGAL_INDEX, COMPACT_OBS, DZ_X_OBS, DZ_Z_OBS, DZ_POS, REWARD,
 DONE, MASK, ACT_COUNTS, ACT_DZ) = range(15)
ORDERS = ("rules", "douzero")


def game_bytes():
    """Bytes of C state per game."""
    return lib.ddz_vec_game_bytes()


class Env:
    def __init__(self, n, rules="douzero", objective="adp", obs=("compact",), legal="lists", bidding=False,
                 seed=0, threads=0, options="", legal_cap=LEGAL_CAP, order=None, mask=False, actions=()):
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 1000000:
            raise InvalidInput("vec.Env: n must be an int from 1 to 1,000,000, not %r" % (n,))
        if objective not in OBJECTIVES:
            raise InvalidInput("vec.Env: objective %r: one of %s" % (objective, ", ".join(OBJECTIVES)))
        if isinstance(obs, str):
            obs = (obs,)
        for o in obs:
            if o not in ("compact", "douzero"):
                raise InvalidInput("vec.Env: obs %r: compact and/or douzero" % (o,))
        if legal not in (None, "lists", "count"):
            raise InvalidInput("vec.Env: legal %r: \"lists\" (ranks, readings, universe indices) or \"count\"" %
                               (legal,))
        if isinstance(threads, bool) or not isinstance(threads, int) or not 0 <= threads <= 64:
            raise InvalidInput("vec.Env: threads %r: 0 (one per CPU) to 64" % (threads,))
        if not isinstance(options, str):
            raise InvalidInput("vec.Env: options must be a string like \"bid=rob,double=farmer\"")
        if isinstance(actions, str):
            actions = (actions,)
        for a in actions:
            if a not in ("counts", "douzero"):
                raise InvalidInput("vec.Env: actions %r: counts and/or douzero" % (a,))
        if isinstance(legal_cap, bool) or not isinstance(legal_cap, int) or not 1 <= legal_cap <= 4096:
            raise InvalidInput("vec.Env: legal_cap %r: 1 to 4096" % (legal_cap,))
        self.rules = RULES[rules_index(rules)]
        if order is None:
            order = "douzero" if self.rules == "douzero" else "rules"
        if order not in ORDERS:
            raise InvalidInput("vec.Env: order %r: \"rules\" or \"douzero\"" % (order,))
        opts = "rules=" + self.rules + ("," + options if options else "")
        err = errbuf()
        self._v = lib.ddz_vec_new(n, opts.encode(), OBJECTIVES.index(objective), 1 if bidding else 0,
                                  int(seed) & ((1 << 64) - 1), threads, err)
        if not self._v:
            check(-1, err)
        check(lib.ddz_vec_set_order(self._v, ORDERS.index(order), err), err)
        self.order = order
        self.n = n
        self.objective = objective
        self.bidding = bool(bidding)
        self._bound = []
        self.seat = self._bind(SEAT, np.zeros(n, np.int8))
        self.phase = self._bind(PHASE, np.zeros(n, np.int8))
        self.count = self._bind(COUNT, np.zeros(n, np.int32))
        self.reward = self._bind(REWARD, np.zeros((n, 3), np.float32))
        self.done = self._bind(DONE, np.zeros(n, np.uint8))
        self.compact = self.dz_x = self.dz_z = self.dz_pos = None
        self.legal_ranks = self.legal_reading = self.legal_index = None
        if "compact" in obs:
            self.compact = self._bind(COMPACT_OBS, np.zeros((n, COMPACT), np.uint8))
        if "douzero" in obs:
            self.dz_x = self._bind(DZ_X_OBS, np.zeros((n, DZ_X), np.int8))
            self.dz_z = self._bind(DZ_Z_OBS, np.zeros((n, 5, 162), np.int8))
            self.dz_pos = self._bind(DZ_POS, np.zeros(n, np.int8))
        if legal == "lists":
            self.legal_ranks = self._bind(LEGAL_RANKS, np.zeros((n, legal_cap), np.uint64), legal_cap)
            self.legal_reading = self._bind(LEGAL_READING, np.zeros((n, legal_cap), np.int32), legal_cap)
            self.legal_index = self._bind(LEGAL_INDEX, np.zeros((n, legal_cap), np.int32), legal_cap)
        self.act_counts = self.act_dz = self.mask = None
        if "counts" in actions:
            self.act_counts = self._bind(ACT_COUNTS, np.zeros((n, legal_cap, 15), np.uint8), legal_cap)
        if "douzero" in actions:
            self.act_dz = self._bind(ACT_DZ, np.zeros((n, legal_cap, 54), np.int8), legal_cap)
        self._actions = np.zeros(n, np.int32)
        self._universe = None
        if mask:
            size = lib.ddz_vec_universe(self._v, None, None, 0)
            self.mask = self._bind(MASK, np.zeros((n, size), np.bool_), size)

    def _bind(self, field, arr, cap=0):
        rc = lib.ddz_vec_bind(self._v, field, arr.ctypes.data, cap)
        if rc != 0:
            raise InvalidInput("vec.Env: cannot bind field %d" % field)
        self._bound.append(arr)
        # Read-only for the caller: C rewrites them in place, some (dz_z, mask) from what it
        # wrote at the game's last decision.
        arr.flags.writeable = False
        return arr

    def __del__(self):
        v = getattr(self, "_v", None)
        if v:
            lib.ddz_vec_free(v)
            self._v = None

    def reset(self):
        """Deals every game afresh; the arrays then describe each game's first decision."""
        lib.ddz_vec_reset(self._v)
        return self

    def step(self, actions=None):
        """Plays actions[i] (an index into game i's legal list) in every game; None plays a
        uniformly random legal action in each, drawn in C from the game's own generator."""
        if actions is None:
            err = errbuf()
            check(lib.ddz_vec_step(self._v, None, err), err)
            return self
        a = actions
        if not isinstance(a, np.ndarray):
            a = np.asarray(a)
        if a.shape != (self.n,):
            raise InvalidInput("vec.Env.step: actions must have shape (%d,), not %s" % (self.n, a.shape))
        if a.dtype != np.int32:
            if not np.issubdtype(a.dtype, np.integer):
                raise InvalidInput("vec.Env.step: actions must be integers (indices into the legal lists), not %s"
                                   % a.dtype)
            a = a.astype(np.int32)
        a = np.ascontiguousarray(a)
        err = errbuf()
        check(lib.ddz_vec_step(self._v, a.ctypes.data, err), err)
        return self

    @property
    def obs(self):
        """The compact observations (n x 142 uint8), or DouZero's x (n x 430 int8) without them."""
        return self.compact if self.compact is not None else self.dz_x

    def universe(self):
        """The move universe of the rules: (ranks, readings) arrays, pass first; legal_index
        indexes these (a mask is np.zeros((n, len(ranks)), bool) with mask[i, legal_index[i,
        :count[i]]] = True)."""
        if self._universe is None:
            size = lib.ddz_vec_universe(self._v, None, None, 0)
            r = np.zeros(size, np.uint64)
            d = np.zeros(size, np.int32)
            lib.ddz_vec_universe(self._v, r.ctypes.data, d.ctypes.data, size)
            self._universe = (r, d)
        return self._universe

    def masks(self, out=None):
        """Legal-action masks over the universe (n x universe size, bool), made by numpy from
        legal_index (mask=True has C write them into `mask` at every step instead)."""
        if self.legal_index is None:
            raise InvalidInput("vec.Env.masks: needs legal=\"lists\"")
        size = len(self.universe()[0])
        if out is None:
            out = np.zeros((self.n, size), bool)
        else:
            out[:] = False
        k = np.arange(self.legal_index.shape[1])
        rows, cols = np.nonzero((k[None, :] < self.count[:, None]) & (self.legal_index >= 0))
        out[rows, self.legal_index[rows, cols]] = True
        return out

    def stats(self):
        """Totals: games finished, redeals, decisions played."""
        s = (ctypes.c_int64 * 3)()
        lib.ddz_vec_stats(self._v, s)
        return {"games": s[0], "redeals": s[1], "decisions": s[2]}
