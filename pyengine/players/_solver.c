/*
 * _solver.c - the open-hand solver in C (pyengine/players/solver.py is the reference).
 *
 * solver.py's search, so it gives the same answers
 * (tests/test_native_solver.py runs the two in lockstep):
 *
 *   - hands are bit masks in the solver's order for the trump (solver.py's BIT_OF):
 *     every effective suit is a run of bits ordered by power, the seven trumps on
 *     top (bits 17-23), so following suit is one AND and a card beats the best card
 *     so far when its bit is higher and it is a trump or of the led suit;
 *   - a boolean search "the makers take at least k more tricks?" with a
 *     transposition table at trick boundaries (the four hands and the leader ->
 *     proven lower and upper bounds), the sure tricks of the top trumps, and only
 *     the lowest card of each run of cards adjacent in play searched;
 *   - seats in ``out`` (a lone maker's partner, a lone defender's) hold nothing and are
 *     skipped.
 *
 * What differs changes no answer (every answer is a complete search's), only how much
 * is searched, so its node counts differ (25 searched positions a whole hand, the mean
 * over benchmarks/solver.py's 300, where solver.py searches 73):
 *
 *   - at each trick boundary the hands are renumbered so that each effective suit's
 *     cards still in play sit at the bottom of the suit's run (see canonical, squeeze).
 *     Only their order within the suit decides a trick, so positions that differ only
 *     in which cards are gone become one table entry, and a card's next lower card in
 *     play is simply the bit below it;
 *   - a trick is played by nested loops, a function a seat inlined into the one before
 *     (lead, level1-3), with no call a card;
 *   - the last two tricks are played out in closed form, without the table (two0-3,
 *     two_end): the first trick searched, the second decided by one mask;
 *   - the leader tries first the cards that are the highest of their suit still in
 *     play (see lead), and tricks() without a guess starts from the makers' trumps and
 *     steps one trick at a time.
 *
 * The layout (effective suit of each bit) comes from Python, from solver.py's own
 * SUIT_OF_BIT, so the two can never disagree on which card is which.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NBITS 24                 /* the 24-card deck */
#define ALL_CARDS ((1u << NBITS) - 1)
#define TRUMP_LOW_BIT 17         /* bits 17-23: the trumps, 9 .. right bower */
#define SEATS 4
#define TT_FIRST_SIZE 1024       /* slots; a power of two, doubled at half full */
#define GEN_SHIFT 26             /* key[0] bits 26-31: the table's generation (1-63) */
#define GEN_LAST 63u

typedef struct {
    uint32_t key[SEATS];         /* hands; key[0] also holds leader << 24 and gen << 26 */
    int8_t lb, ub;               /* proven bounds of the makers' tricks from here */
    int8_t move;                 /* the lead that last cut the search off here, or -1 */
} Entry;

typedef struct {
    PyObject_HEAD
    int trump, makers;
    int is_maker[SEATS];
    int order[SEATS][SEATS];     /* seats that play a trick led by each seat, in order */
    int order_len;               /* how many seats play (4, or 3 with a seat out) */
    int suit_of_bit[NBITS];
    uint32_t suit_mask[SEATS];
    int suit_base[SEATS];        /* the lowest bit of each effective suit's run */
    uint32_t suit_bottoms;       /* those lowest bits */
    int trump_suit;              /* the effective suit of the top bit (the trumps) */
    uint32_t above[NBITS];       /* the bits of each bit's effective suit above it */
    uint32_t able[SEATS];        /* the cards that can win a trick led in each suit */
    uint32_t h[SEATS];           /* the hands during a search */
    Entry *tt;
    size_t tt_size, tt_used;
    uint32_t gen;                /* a slot is in use when its key[0] holds gen << GEN_SHIFT */
    long long nodes;
    PyObject *out;               /* the seats out, as given (a tuple) */
    int oom;                     /* the table could not grow: the search still answers */
} Solver;

/* popcount without the library call a compiler emits for a CPU it may not assume has one */
static inline int popcount(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}
static inline int top_bit(uint32_t x) { return 31 - __builtin_clz(x); }   /* x != 0 */
static inline int low_bit(uint32_t x) { return __builtin_ctz(x); }        /* x != 0 */

/* beats - does card bit b beat the best card so far (bit ``best``) of a trick led in ``led``? */
static inline int beats(const Solver *s, int b, int best, int led)
{
    return b > best && (b >= TRUMP_LOW_BIT || s->suit_of_bit[b] == led);
}

/* --- transposition table ----------------------------------------------------------- */

static inline size_t tt_hash(const uint32_t *key)
{
    uint64_t x = ((uint64_t)key[0] << 32 | key[1]) * 0x9E3779B97F4A7C15ull;
    x ^= ((uint64_t)key[2] << 32 | key[3]);
    x *= 0xBF58476D1CE4E5B9ull;
    return (size_t)(x >> 40);     /* the high bits: the best mixed (tables stay < 2^24) */
}

static inline int tt_empty(const Entry *e, uint32_t gen)
{
    return e->key[0] >> GEN_SHIFT != gen;
}

/* tt_slot - the slot of ``key`` (whose generation is ``gen``), or the empty slot for it */
static inline Entry *tt_slot(Entry *table, size_t size, const uint32_t *key, uint32_t gen)
{
    size_t i = tt_hash(key) & (size - 1);
    for (;;) {
        Entry *e = &table[i];
        if (tt_empty(e, gen) || (e->key[0] == key[0] && e->key[1] == key[1] &&
                                 e->key[2] == key[2] && e->key[3] == key[3]))
            return e;
        i = (i + 1) & (size - 1);
    }
}

/* One spare table kept between solvers (the GIL guards it): a fresh solver takes it and
 * moves to its next generation instead of allocating and zeroing a table of its own. */
static Entry *spare_tt;
static size_t spare_size;
static uint32_t spare_gen;

/* tt_release - give the solver's table to the spare (or free it) */
static void tt_release(Solver *s)
{
    if (s->tt != NULL && spare_tt == NULL) {
        spare_tt = s->tt;
        spare_size = s->tt_size;
        spare_gen = s->gen;
    } else if (s->tt != NULL && spare_size < s->tt_size) {
        free(spare_tt);
        spare_tt = s->tt;
        spare_size = s->tt_size;
        spare_gen = s->gen;
    } else {
        free(s->tt);
    }
    s->tt = NULL;
    s->tt_size = s->tt_used = 0;
}

/* tt_acquire - a table for an empty solver: the spare in its next generation, or a new one */
static int tt_acquire(Solver *s)
{
    if (spare_tt != NULL) {
        s->tt = spare_tt;
        s->tt_size = spare_size;
        s->gen = spare_gen + 1;
        spare_tt = NULL;
        if (s->gen > GEN_LAST) {    /* generations wrapped: no slot may look in use */
            memset(s->tt, 0, s->tt_size * sizeof(Entry));
            s->gen = 1;
        }
        return 1;
    }
    s->tt = calloc(TT_FIRST_SIZE, sizeof(Entry));
    if (s->tt == NULL)
        return 0;
    s->tt_size = TT_FIRST_SIZE;
    s->gen = 1;
    return 1;
}

/* tt_grow - double the table; 0 when memory ran out (the old table stays) */
static int tt_grow(Solver *s)
{
    if (s->tt_size == 0)
        return tt_acquire(s);
    size_t size = s->tt_size * 2;
    Entry *table = calloc(size, sizeof(Entry));
    if (table == NULL)
        return 0;
    for (size_t i = 0; i < s->tt_size; i++)
        if (!tt_empty(&s->tt[i], s->gen))
            *tt_slot(table, size, s->tt[i].key, s->gen) = s->tt[i];
    free(s->tt);
    s->tt = table;
    s->tt_size = size;
    return 1;
}

static void tt_store(Solver *s, uint32_t *key, int lb, int ub, int move)
{
    if (2 * (s->tt_used + 1) > s->tt_size && !tt_grow(s)) {
        s->oom = 1;              /* a full table only costs speed: answers stay exact */
        if (s->tt_used + 1 >= s->tt_size)
            return;
    }
    key[0] |= s->gen << GEN_SHIFT;      /* the table may be new: stamp its generation now */
    Entry *e = tt_slot(s->tt, s->tt_size, key, s->gen);
    if (tt_empty(e, s->gen)) {
        memcpy(e->key, key, sizeof e->key);
        s->tt_used++;
    } else if (move < 0) {
        move = e->move;          /* no cut this time: keep the lead that cut before */
    }
    e->lb = (int8_t)lb;
    e->ub = (int8_t)ub;
    e->move = (int8_t)move;
}

/* --- the search (solver.py's _ge, _last_trick, _node) ------------------------------ */

static int ge(Solver *s, int leader, int k, uint32_t holes, int n);
static int two_tricks(const Solver *s, int leader, int k);

/* last_trick - one card each left: do the makers win it? */
static int last_trick(const Solver *s, int leader)
{
    const int *seq = s->order[leader];
    int best = top_bit(s->h[leader]);
    int led = s->suit_of_bit[best], bseat = leader;
    for (int i = 1; i < s->order_len; i++) {
        int seat = seq[i];
        int c = top_bit(s->h[seat]);
        if (beats(s, c, best, led)) {
            best = c;
            bseat = seat;
        }
    }
    return s->is_maker[bseat];
}

/* winners - the cards that beat the best card so far (bit ``best``) of a trick led in ``led`` */
static inline uint32_t winners(const Solver *s, int best, int led)
{
    return ~((2u << best) - 1) & s->able[led];
}

/* The play of one trick, solver.py's _node: a function a seat of the trick (level1-3
 * for the followers, lead for the leader), each inlined into the one before, so a trick
 * is four nested loops with their state in registers and no call a card; a call (to
 * ge) only at the end of a trick. The moves of a seat: the lowest card of each run of
 * its cards adjacent in play (in canonical order a card's next lower card in play is
 * the bit below it, unless it is its suit's lowest). */

#define INLINE static inline __attribute__((always_inline))

/* trumps_in - how many trumps a set of cards holds (the trumps are bits 17-23) */
static uint8_t trump_count[1u << (NBITS - TRUMP_LOW_BIT)];

static inline int trumps_in(uint32_t cards)
{
    return trump_count[cards >> TRUMP_LOW_BIT];
}

/* sure - the sure tricks (s->h, n cards each): the highest trumps in play, while they
 * are all on one side, each win a trick (the most one seat of that side holds); holes
 * change no order, so this needs no renumbering. 1 or 0 when they answer "do the makers
 * take at least k more?", else -1, with the bounds they give in lb and ub. */
INLINE int sure(const Solver *s, int k, int n, int *lb, int *ub)
{
    const uint32_t *h = s->h;
    uint32_t trumps = s->suit_mask[s->trump_suit];
    uint32_t even = (h[0] | h[2]) & trumps, odd = (h[1] | h[3]) & trumps;
    *lb = 0;
    *ub = n;
    if (even | odd) {
        int side = (odd >> top_bit(even | odd)) & 1;
        uint32_t theirs = side ? even : odd;
        uint32_t run = theirs ? ~((2u << top_bit(theirs)) - 1) : ~0u;   /* above their best */
        int a = trumps_in(h[side] & run), b = trumps_in(h[side + 2] & run);
        int count = a > b ? a : b;
        if (side == s->makers) {
            if (count >= k)
                return 1;
            *lb = count;
        } else {
            if (n - count < k)
                return 0;
            *ub = n - count;
        }
    }
    return -1;
}

/* trick_done - the trick is over, won by ``winner``, each seat holding n - 1 cards
 * (s->h; ``table`` the trick's cards): do the makers take at least k more tricks (the
 * one just won included)? Answered at once when k leaves no doubt or one card each is
 * left (the last trick), else by ge at the next boundary. */
INLINE int trick_done(Solver *s, int winner, int k, int n, uint32_t table)
{
    int more = k - s->is_maker[winner];         /* the makers' tricks still wanted */
    if (more <= 0)
        return 1;
    if (more >= n)                              /* more than the n - 1 tricks left */
        return 0;
    if (n == 2)
        return last_trick(s, winner);
    if (n == 3) {
        int lb, ub, known = sure(s, more, 2, &lb, &ub);
        return known >= 0 ? known : two_tricks(s, winner, more);
    }
    return ge(s, winner, more, table, n - 1);
}

/* follow - seat seq[I] (I > 0) to play into the trick (led suit, best bit and its seat
 * so far, ``table`` its cards, n cards each before it): do the makers take at least k
 * more tricks? A follower whose opponents are winning tries the cheapest winning card
 * first, then low cards; one whose side is winning, low cards first. NEXT: the next
 * seat's function (trick_done after the last seat). */
#define FOLLOW(I, NEXT_CALL)                                                              \
INLINE int level##I(Solver *s, const int *seq, int led, int best, int bseat, int k, int n,  \
                    uint32_t table)                                                       \
{                                                                                         \
    int seat = seq[I];                                                                    \
    uint32_t held = s->h[seat], legal = held & s->suit_mask[led];                         \
    if (!legal)                                                                           \
        legal = held;                                                                     \
    uint32_t reps = legal & ~((held << 1) & ~s->suit_bottoms);                            \
    int maximise = s->is_maker[seat];                                                     \
    uint32_t first = reps, then = 0;                                                      \
    if (s->is_maker[bseat] != maximise) {                                                 \
        uint32_t win = reps & winners(s, best, led);                                      \
        if (win) {                                                                        \
            first = win;                                                                  \
            then = reps & ~win;                                                           \
        }                                                                                 \
    }                                                                                     \
    for (;;) {                                                                            \
        if (!first) {                                                                     \
            if (!then)                                                                    \
                return !maximise;               /* no card reached its side's goal */     \
            first = then;                                                                 \
            then = 0;                                                                     \
        }                                                                                 \
        int b = low_bit(first);                                                           \
        first &= first - 1;                                                               \
        int nbest = best, nseat = bseat, r;                                               \
        if (beats(s, b, best, led)) {                                                     \
            nbest = b;                                                                    \
            nseat = seat;                                                                 \
        }                                                                                 \
        s->h[seat] = held ^ (1u << b);                                                    \
        uint32_t ntable = table | 1u << b;                                                \
        (void)nbest;                                                                      \
        r = NEXT_CALL;                                                                    \
        s->h[seat] = held;                                                                \
        if (r == maximise)                                                                \
            return r;                                                                     \
    }                                                                                     \
}

FOLLOW(3, trick_done(s, nseat, k, n, ntable))
FOLLOW(2, (s->order_len == 3 ? trick_done(s, nseat, k, n, ntable)
                             : level3(s, seq, led, nbest, nseat, k, n, ntable)))
FOLLOW(1, (s->order_len == 2 ? trick_done(s, nseat, k, n, ntable)
                             : level2(s, seq, led, nbest, nseat, k, n, ntable)))

/* follow_from - seat seq[i] (1 <= i < the seats that play) to play into the trick: level i */
static int follow_from(Solver *s, const int *seq, int i, int led, int best, int bseat, int k,
                       int n, uint32_t table)
{
    if (i == 1)
        return level1(s, seq, led, best, bseat, k, n, table);
    if (i == 2)
        return level2(s, seq, led, best, bseat, k, n, table);
    return level3(s, seq, led, best, bseat, k, n, table);
}

/* lead - ``leader`` to lead a trick (canonical hands, n cards each): do the makers take
 * at least k more tricks? The order of the leads, which changes no answer, only how soon
 * one cuts the search off (measured in instructions over benchmarks/solver.py's solves):
 * ``hint`` (the lead that cut off here before, or -1) first; then the cards that are the
 * highest of their suit still in play, off-suit before trumps, the higher first; then
 * the rest, the lower first. ``cut`` receives the lead that decided the answer, if one
 * did. */
static int lead(Solver *s, int leader, int k, int n, int hint, int *cut)
{
    const int *seq = s->order[leader];
    uint32_t held = s->h[leader];
    int maximise = s->is_maker[leader];
    uint32_t reps = held & ~((held << 1) & ~s->suit_bottoms);
    uint32_t alive = s->h[0] | s->h[1] | s->h[2] | s->h[3];
    uint32_t tops = 0;                  /* no card of their suit above them in play */
    for (uint32_t m = reps; m; m &= m - 1) {
        int b = low_bit(m);
        if (!(alive & s->above[b]))
            tops |= 1u << b;
    }
    uint32_t trumps = s->suit_mask[s->trump_suit];
    uint32_t tier[4] = {0, tops & ~trumps, tops & trumps, reps & ~tops};
    if (hint >= 0 && (reps >> hint & 1)) {
        tier[0] = 1u << hint;
        tier[1] &= ~tier[0];
        tier[2] &= ~tier[0];
        tier[3] &= ~tier[0];
    }
    int t = 0;
    uint32_t first = tier[0];
    for (;;) {
        while (!first) {
            if (++t == 4)
                return !maximise;
            first = tier[t];
        }
        int b = t == 3 ? low_bit(first) : top_bit(first);
        first ^= 1u << b;
        s->h[leader] = held ^ (1u << b);
        int r = level1(s, seq, s->suit_of_bit[b], b, leader, k, n, 1u << b);
        s->h[leader] = held;
        if (r == maximise) {
            *cut = b;
            return r;
        }
    }
}

/* The last two tricks, played out in closed form: with two cards each (canonical hands),
 * "do the makers take at least k more?" is "do the makers take both?" (k = 2) or "do
 * the defenders not take both?" (k = 1), so one question: can side ``side`` take both
 * tricks? The first trick is searched, one function a seat (two0-3, inlined into each
 * other) over its one or two cards, with everything in registers; the second is then
 * forced, one card each, and needs no play: whatever the order, the highest card of
 * the suit its leader (the first trick's winner) leads, or the highest trump, wins it.
 * State down the seats: the led suit, the best card so far and whether ``side`` holds
 * it, the card kept by the seat that played it (it leads the second trick), and the
 * cards kept by every seat so far (``kept``) and by ``side``'s seats (``kept_side``). */

/* two_end - the first trick played: did ``side`` win it and does it win the second? */
INLINE int two_end(const Solver *s, int side_best, uint32_t best_kept, uint32_t kept,
                   uint32_t kept_side)
{
    if (!side_best)
        return 0;
    uint32_t able = kept & s->able[s->suit_of_bit[low_bit(best_kept)]];
    return kept_side >> top_bit(able) & 1;
}

/* TWO - seat seq[I] to play to the first of the last two tricks (I = 0: it leads): can
 * ``side`` take both? It tries its high card first unless its side is winning the
 * trick (then its low one); equal cards (adjacent in play) once. */
#define TWO(I, NEXT_CALL)                                                                 \
INLINE int two##I(const Solver *s, const int *seq, int side, int led, int best,            \
                  int side_best, uint32_t best_kept, uint32_t kept, uint32_t kept_side)    \
{                                                                                         \
    int seat = seq[I];                                                                    \
    uint32_t held = s->h[seat], legal = held;                                             \
    if (I > 0 && (held & s->suit_mask[led]))                                              \
        legal = held & s->suit_mask[led];                                                 \
    uint32_t reps = legal & ~((held << 1) & ~s->suit_bottoms);                            \
    int mine = (seat & 1) == side;                                                        \
    uint32_t win = I == 0 ? ~0u : winners(s, best, led);                                  \
    int high_first = I == 0 || mine != side_best;                                         \
    while (reps) {                                                                        \
        int c = high_first ? top_bit(reps) : low_bit(reps);                               \
        reps ^= 1u << c;                                                                  \
        uint32_t keep = held ^ (1u << c);                                                 \
        int nled = I == 0 ? s->suit_of_bit[c] : led;                                      \
        int nbest = best, nside_best = side_best;                                         \
        uint32_t nbest_kept = best_kept;                                                  \
        if (win >> c & 1) {                     /* it beats the best card so far */       \
            nbest = c;                                                                    \
            nside_best = mine;                                                            \
            nbest_kept = keep;                                                            \
        }                                                                                 \
        uint32_t nkept = kept | keep, nkept_side = kept_side | (mine ? keep : 0);         \
        (void)nled;                                                                       \
        (void)nbest;                                                                      \
        int r = NEXT_CALL;                                                                \
        if (r == mine)                                                                    \
            return r;                                                                     \
    }                                                                                     \
    return !mine;                                                                         \
}

#define TWO_END two_end(s, nside_best, nbest_kept, nkept, nkept_side)
#define TWO_ARGS s, seq, side, nled, nbest, nside_best, nbest_kept, nkept, nkept_side
TWO(3, TWO_END)
TWO(2, (s->order_len == 3 ? TWO_END : two3(TWO_ARGS)))
TWO(1, (s->order_len == 2 ? TWO_END : two2(TWO_ARGS)))
TWO(0, two1(TWO_ARGS))

/* two_tricks - two cards each (canonical s->h), ``leader`` to lead: do the makers take at
 * least k (1 or 2) of the two tricks? */
static int two_tricks(const Solver *s, int leader, int k)
{
    const int *seq = s->order[leader];
    if (k >= 2)
        return two0(s, seq, s->makers, -1, -1, 0, 0, 0, 0);
    return !two0(s, seq, !s->makers, -1, -1, 0, 0, 0, 0);
}

/* squeeze - take the cards of a finished trick (``holes``) out of canonical hands:
 * the cards above each in its suit move down one bit, so the hands stay canonical.
 * The four hands are one vector (GCC's vector extension: SSE2 on x86-64, plain
 * integer code where there is no vector unit). */
typedef uint32_t Hands __attribute__((vector_size(4 * sizeof(uint32_t))));

static inline void squeeze(const Solver *s, uint32_t *h, uint32_t holes)
{
    Hands v;
    memcpy(&v, h, sizeof v);
    while (holes) {
        int p = top_bit(holes);             /* the highest first: lower holes stay put */
        holes ^= 1u << p;
        Hands moved = v & s->above[p];
        v = (v ^ moved) | (moved >> 1);
    }
    memcpy(h, &v, sizeof v);
}

/* ge - at a trick boundary (s->h, ``leader`` to lead, ``n`` cards each, n >= 2): do the
 * makers take >= k (1 <= k <= n) more? The hands are canonical but for ``holes``, the
 * cards of the trick just played. */
static int ge(Solver *s, int leader, int k, uint32_t holes, int n)
{
    uint32_t *h = s->h;
    int lb, ub, hint = -1;
    int known = sure(s, k, n, &lb, &ub);
    if (known >= 0)
        return known;
    if (n == 2)
        return two_tricks(s, leader, k);
    uint32_t key[SEATS], saved[SEATS];
    memcpy(saved, h, sizeof saved);
    squeeze(s, h, holes);
    memcpy(key, h, sizeof key);
    key[0] |= (uint32_t)leader << NBITS;
    if (s->tt_size) {
        key[0] |= s->gen << GEN_SHIFT;
        Entry *e = tt_slot(s->tt, s->tt_size, key, s->gen);
        if (!tt_empty(e, s->gen)) {
            if (e->lb >= k || e->ub < k) {
                memcpy(h, saved, sizeof saved);
                return e->lb >= k;
            }
            if (e->lb > lb)
                lb = e->lb;
            if (e->ub < ub)
                ub = e->ub;
            hint = e->move;
        }
    }
    s->nodes++;
    int cut = -1;
    int result = lead(s, leader, k, n, hint, &cut);
    memcpy(h, saved, sizeof saved);
    if (result)
        tt_store(s, key, k, ub, cut);
    else
        tt_store(s, key, lb, k - 1, cut);
    return result;
}

/* ge_root - ge for any k and any number of cards (canonical hands, no holes) */
static int ge_root(Solver *s, int leader, int k)
{
    if (k <= 0)
        return 1;
    int n = popcount(s->h[leader]);
    if (k > n)
        return 0;
    if (n == 1)
        return last_trick(s, leader);
    return ge(s, leader, k, 0, n);
}


/* canonical - ``in`` (hands, and ``table`` the cards on the table) with each effective
 * suit's cards in play renumbered from the bottom of the suit's run: only their order
 * within the suit decides a trick, so positions that differ only in which cards are gone
 * are one position (one table entry), and a card's next lower card in play is the bit
 * below it. ``map`` (if not NULL) receives the new bit of each card in play. */
static void canonical(const Solver *s, const uint32_t *in, uint32_t table, uint32_t *out,
                      int *map)
{
    uint32_t alive = in[0] | in[1] | in[2] | in[3] | table;
    out[0] = out[1] = out[2] = out[3] = 0;
    for (int suit = 0; suit < SEATS; suit++) {
        int nb = s->suit_base[suit];
        for (uint32_t m = alive & s->suit_mask[suit]; m; m &= m - 1, nb++) {
            uint32_t bit = m & -m;
            if (map != NULL)
                map[low_bit(m)] = nb;
            if (in[0] & bit)
                out[0] |= 1u << nb;
            else if (in[1] & bit)
                out[1] |= 1u << nb;
            else if (in[2] & bit)
                out[2] |= 1u << nb;
            else if (in[3] & bit)
                out[3] |= 1u << nb;
        }
    }
}



/* --- Python interface -------------------------------------------------------------- */

/* read_hands - the four hands (a sequence of 4 ints, bit masks) into s->h */
static int read_hands(Solver *s, PyObject *hands)
{
    PyObject *seq = PySequence_Fast(hands, "hands must be a sequence of 4 bit masks");
    if (seq == NULL)
        return 0;
    if (PySequence_Fast_GET_SIZE(seq) != SEATS) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "hands must be a sequence of 4 bit masks");
        return 0;
    }
    uint32_t seen = 0;
    for (int i = 0; i < SEATS; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return 0;
        }
        if (v < 0 || v > (long)ALL_CARDS || ((uint32_t)v & seen)) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "hand %d (%ld) is not a set of cards of the "
                         "24-card deck apart from the other hands", i, v);
            return 0;
        }
        seen |= (uint32_t)v;
        s->h[i] = (uint32_t)v;
    }
    Py_DECREF(seq);
    return 1;
}

static int check_seat(int seat, const char *what)
{
    if (seat < 0 || seat >= SEATS) {
        PyErr_Format(PyExc_ValueError, "%s must be a seat 0-3, not %d", what, seat);
        return 0;
    }
    return 1;
}

/* at_least_impl - hands in s->h; ``trick`` the (seat, bit) pairs on the table; -1: error */
static int at_least_impl(Solver *s, int leader, int k, PyObject *trick)
{
    Py_ssize_t n = 0;
    PyObject *seq = NULL;
    if (trick != NULL && trick != Py_None) {
        seq = PySequence_Fast(trick, "trick must be a sequence of (seat, bit) pairs");
        if (seq == NULL)
            return -1;
        n = PySequence_Fast_GET_SIZE(seq);
    }
    if (n == 0) {
        Py_XDECREF(seq);
        uint32_t held[SEATS];
        memcpy(held, s->h, sizeof held);
        canonical(s, held, 0, s->h, NULL);
        int r = ge_root(s, leader, k);
        memcpy(s->h, held, sizeof held);
        return r;
    }
    if (n >= s->order_len) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "the trick on the table is already complete");
        return -1;
    }
    int seats[SEATS] = {0}, bits[SEATS] = {0};
    uint32_t tmask = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int seat, b;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "ii", &seat, &b)) {
            Py_DECREF(seq);
            return -1;
        }
        if (b < 0 || b >= NBITS || !check_seat(seat, "a trick's seat")) {
            Py_DECREF(seq);
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "a trick's card must be a bit 0-23, not %d", b);
            return -1;
        }
        if ((s->h[0] | s->h[1] | s->h[2] | s->h[3] | tmask) >> b & 1) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "card bit %d is on the table twice or also held", b);
            return -1;
        }
        tmask |= 1u << b;
        seats[i] = seat;
        bits[i] = b;
    }
    Py_DECREF(seq);
    /* the search runs in canonical order (see canonical): renumber hands and table */
    int map[NBITS];
    uint32_t held[SEATS];
    memcpy(held, s->h, sizeof held);
    canonical(s, held, tmask, s->h, map);
    int led = s->suit_of_bit[map[bits[0]]], best = -1, bseat = -1;
    uint32_t canon_table = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int b = map[bits[i]];
        canon_table |= 1u << b;
        if (beats(s, b, best, led)) {
            best = b;
            bseat = seats[i];
        }
    }
    int cards = popcount(s->h[s->order[leader][n]]);   /* the next to play's */
    int r = follow_from(s, s->order[leader], (int)n, led, best, bseat, k, cards, canon_table);
    memcpy(s->h, held, sizeof held);
    return r;
}

static PyObject *at_least_args(Solver *s, PyObject *hands, int leader, int k,
                               PyObject *trick);

static PyObject *Solver_at_least(Solver *s, PyObject *args, PyObject *kw)
{
    static char *names[] = {"hands", "leader", "k", "trick", NULL};
    PyObject *hands, *trick = NULL;
    int leader, k;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Oii|O", names, &hands, &leader, &k, &trick))
        return NULL;
    return at_least_args(s, hands, leader, k, trick);
}

/* at_least_args - Solver.at_least once its arguments are read */
static PyObject *at_least_args(Solver *s, PyObject *hands, int leader, int k, PyObject *trick)
{
    if (!check_seat(leader, "leader") || !read_hands(s, hands))
        return NULL;
    int r = at_least_impl(s, leader, k, trick);
    if (r < 0)
        return NULL;
    return PyBool_FromLong(r);
}

static PyObject *tricks_impl(Solver *s, PyObject *hands, int leader, PyObject *trick,
                             PyObject *guess_obj);

static PyObject *Solver_tricks(Solver *s, PyObject *args, PyObject *kw)
{
    static char *names[] = {"hands", "leader", "trick", "guess", NULL};
    PyObject *hands, *trick = NULL, *guess_obj = Py_None;
    int leader;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Oi|OO", names, &hands, &leader, &trick,
                                     &guess_obj))
        return NULL;
    return tricks_impl(s, hands, leader, trick, guess_obj);
}

/* tricks_impl - Solver.tricks once its arguments are read */
static PyObject *tricks_impl(Solver *s, PyObject *hands, int leader, PyObject *trick,
                             PyObject *guess_obj)
{
    if (!check_seat(leader, "leader") || !read_hands(s, hands))
        return NULL;
    Py_ssize_t played = 0;
    if (trick != NULL && trick != Py_None) {
        played = PySequence_Size(trick);
        if (played < 0)
            return NULL;
        if (played >= s->order_len) {
            PyErr_SetString(PyExc_ValueError, "the trick on the table is already complete");
            return NULL;
        }
    }
    uint32_t hands_copy[SEATS];
    memcpy(hands_copy, s->h, sizeof hands_copy);
    int n = popcount(s->h[s->order[leader][played]]);    /* the trick on the table included */
    int lo = 0, hi = n;
    int k, step = 0;
    if (guess_obj == Py_None) {
        /* no guess given: the makers' trumps, then one trick up or down at a time (over
         * the benchmark's solves 6% fewer instructions than halving from (n + 1) / 2) */
        uint32_t trumps = s->suit_mask[s->trump_suit];
        k = popcount((s->h[s->makers] | s->h[s->makers + 2]) & trumps);
        step = 1;
    } else {
        long g = PyLong_AsLong(guess_obj);
        if (g == -1 && PyErr_Occurred())
            return NULL;
        k = g > n ? n : (int)g;
    }
    if (k > n)
        k = n;
    if (k < 1)
        k = 1;
    while (lo < hi) {
        memcpy(s->h, hands_copy, sizeof hands_copy);
        int r = at_least_impl(s, leader, k, trick);
        if (r < 0)
            return NULL;
        if (r)
            lo = k;
        else
            hi = k - 1;
        if (!step)
            k = (lo + hi + 1) / 2;          /* halve lo..hi */
        else if (r)
            k = k + 1 > hi ? hi : k + 1;    /* the next test above lo, or none left */
        else
            k = k - 1;                      /* the next below: hi itself, > lo unless done */
    }
    return PyLong_FromLong(lo);
}


/* --- the fast calls: positional arguments read directly ------------------------------
 * pimc makes a solver per contract and asks it thousands of times, so the calls skip
 * Python's argument parser when the arguments are positional; with keywords they go
 * through it as before (slow_call), the same checks either way. */

/* int_arg - a Python int as a C int (its own range checks follow), -1 with an error set */
static int int_arg(PyObject *obj, int *out)
{
    long v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred())
        return 0;
    if (v < INT_MIN || v > INT_MAX) {
        PyErr_SetString(PyExc_OverflowError, "an argument is out of range");
        return 0;
    }
    *out = (int)v;
    return 1;
}

/* slow_call - call ``f`` (a METH_VARARGS | METH_KEYWORDS function) with vectorcall arguments */
static PyObject *slow_call(PyObject *self, PyObject *(*f)(PyObject *, PyObject *, PyObject *),
                           PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *tuple = PyTuple_New(nargs), *kw = NULL, *r = NULL;
    if (tuple == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < nargs; i++) {
        Py_INCREF(args[i]);
        PyTuple_SET_ITEM(tuple, i, args[i]);
    }
    if (kwnames != NULL && PyTuple_GET_SIZE(kwnames) > 0) {
        kw = PyDict_New();
        if (kw == NULL)
            goto done;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(kwnames); i++)
            if (PyDict_SetItem(kw, PyTuple_GET_ITEM(kwnames, i), args[nargs + i]) < 0)
                goto done;
    }
    r = f(self, tuple, kw);
done:
    Py_DECREF(tuple);
    Py_XDECREF(kw);
    return r;
}

static PyObject *Solver_tricks_fast(Solver *s, PyObject *const *args, Py_ssize_t nargs,
                                    PyObject *kwnames)
{
    int leader;
    if ((kwnames != NULL && PyTuple_GET_SIZE(kwnames) > 0) || nargs < 2 || nargs > 4)
        return slow_call((PyObject *)s, (PyObject *(*)(PyObject *, PyObject *, PyObject *))
                         Solver_tricks, args, nargs, kwnames);
    if (!int_arg(args[1], &leader))
        return NULL;
    return tricks_impl(s, args[0], leader, nargs > 2 ? args[2] : NULL,
                       nargs > 3 ? args[3] : Py_None);
}

static PyObject *Solver_at_least_fast(Solver *s, PyObject *const *args, Py_ssize_t nargs,
                                      PyObject *kwnames)
{
    int leader, k;
    if ((kwnames != NULL && PyTuple_GET_SIZE(kwnames) > 0) || nargs < 3 || nargs > 4)
        return slow_call((PyObject *)s, (PyObject *(*)(PyObject *, PyObject *, PyObject *))
                         Solver_at_least, args, nargs, kwnames);
    if (!int_arg(args[1], &leader) || !int_arg(args[2], &k))
        return NULL;
    return at_least_args(s, args[0], leader, k, nargs > 3 ? args[3] : NULL);
}

static PyObject *Solver_clear(Solver *s, PyObject *unused)
{
    tt_release(s);
    Py_RETURN_NONE;
}

/* The layouts last read (solver.py passes one of four tuples, SUIT_OF_BIT[trump]): a
 * tuple of ints cannot change, so a solver given the same object again copies what was
 * read from it instead of reading its 24 items again. */
typedef struct {
    PyObject *obj;               /* a strong reference, so the address stays this tuple's */
    int suit_of_bit[NBITS];
    uint32_t suit_mask[SEATS];
    int suit_base[SEATS];
    uint32_t suit_bottoms;
    int trump_suit;
    uint32_t above[NBITS];
    uint32_t able[SEATS];
} Layout;
#define LAYOUTS 4
static Layout layouts[LAYOUTS];
static int next_layout;

static void remember_layout(const Solver *s, PyObject *obj)
{
    if (!PyTuple_CheckExact(obj))
        return;
    Layout *l = &layouts[next_layout];
    next_layout = (next_layout + 1) % LAYOUTS;
    Py_INCREF(obj);
    Py_XSETREF(l->obj, obj);
    memcpy(l->suit_of_bit, s->suit_of_bit, sizeof l->suit_of_bit);
    memcpy(l->suit_mask, s->suit_mask, sizeof l->suit_mask);
    memcpy(l->suit_base, s->suit_base, sizeof l->suit_base);
    l->suit_bottoms = s->suit_bottoms;
    l->trump_suit = s->trump_suit;
    memcpy(l->above, s->above, sizeof l->above);
    memcpy(l->able, s->able, sizeof l->able);
}

/* use_layout - 1 if ``obj`` is a layout read before (now copied into the solver) */
static int use_layout(Solver *s, PyObject *obj)
{
    for (int i = 0; i < LAYOUTS; i++) {
        const Layout *l = &layouts[i];
        if (l->obj == obj) {
            memcpy(s->suit_of_bit, l->suit_of_bit, sizeof s->suit_of_bit);
            memcpy(s->suit_mask, l->suit_mask, sizeof s->suit_mask);
            memcpy(s->suit_base, l->suit_base, sizeof s->suit_base);
            s->suit_bottoms = l->suit_bottoms;
            s->trump_suit = l->trump_suit;
            memcpy(s->above, l->above, sizeof s->above);
            memcpy(s->able, l->able, sizeof s->able);
            return 1;
        }
    }
    return 0;
}

/* read_layout - the effective suit of each bit (a sequence of 24 suits) into the solver */
static int read_layout(Solver *s, PyObject *layout)
{
    PyObject *seq = PySequence_Fast(layout, "suit_of_bit must be a sequence of 24 suits");
    if (seq == NULL)
        return 0;
    if (PySequence_Fast_GET_SIZE(seq) != NBITS) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "suit_of_bit must be a sequence of 24 suits");
        return 0;
    }
    memset(s->suit_mask, 0, sizeof s->suit_mask);
    s->suit_bottoms = 0;
    for (int b = 0; b < NBITS; b++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, b));
        if (v < 0 || v > 3) {
            Py_DECREF(seq);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "suit_of_bit holds suits 0-3");
            return 0;
        }
        s->suit_of_bit[b] = (int)v;
        s->suit_mask[v] |= 1u << b;
    }
    Py_DECREF(seq);
    s->trump_suit = s->suit_of_bit[NBITS - 1];
    if ((s->suit_mask[s->trump_suit] >> TRUMP_LOW_BIT) != (ALL_CARDS >> TRUMP_LOW_BIT)) {
        PyErr_SetString(PyExc_ValueError, "suit_of_bit must give the trumps bits 17-23");
        return 0;
    }
    for (int suit = 0; suit < SEATS; suit++) {
        if (s->suit_mask[suit] == 0) {
            PyErr_SetString(PyExc_ValueError, "suit_of_bit must hold every suit");
            return 0;
        }
        s->suit_base[suit] = low_bit(s->suit_mask[suit]);
        s->suit_bottoms |= 1u << s->suit_base[suit];
        uint32_t run = s->suit_mask[suit] >> s->suit_base[suit];
        if (run & (run + 1)) {
            PyErr_SetString(PyExc_ValueError, "suit_of_bit must give each suit one run of bits");
            return 0;
        }
    }
    for (int b = 0; b < NBITS; b++)
        s->above[b] = s->suit_mask[s->suit_of_bit[b]] & ~((2u << b) - 1);
    for (int suit = 0; suit < SEATS; suit++)
        s->able[suit] = s->suit_mask[suit] | s->suit_mask[s->trump_suit];
    remember_layout(s, layout);
    return 1;
}

static int solver_setup(Solver *s, PyObject *out, PyObject *layout);

static int Solver_init(Solver *s, PyObject *args, PyObject *kw)
{
    static char *names[] = {"trump", "makers", "out", "suit_of_bit", NULL};
    PyObject *out, *layout;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iiOO", names, &s->trump, &s->makers, &out,
                                     &layout))
        return -1;
    return solver_setup(s, out, layout);
}

/* solver_setup - Solver(trump, makers, out, suit_of_bit) once trump and makers are read */
static int solver_setup(Solver *s, PyObject *out, PyObject *layout)
{
    if (s->trump < 0 || s->trump > 3 || (s->makers != 0 && s->makers != 1)) {
        PyErr_SetString(PyExc_ValueError, "trump must be a suit 0-3 and makers a team 0-1");
        return -1;
    }
    PyObject *outs = PySequence_Tuple(out);
    if (outs == NULL)
        return -1;
    int is_out[SEATS] = {0, 0, 0, 0};
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(outs); i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(outs, i));
        if ((v == -1 && PyErr_Occurred()) || !check_seat((int)v, "a seat out")) {
            Py_DECREF(outs);
            return -1;
        }
        is_out[v] = 1;
    }
    Py_XSETREF(s->out, outs);
    if (!use_layout(s, layout) && !read_layout(s, layout))
        return -1;
    for (int seat = 0; seat < SEATS; seat++) {
        s->is_maker[seat] = (seat & 1) == s->makers;
        int n = 0;
        for (int j = 0; j < SEATS; j++) {
            int t = (seat + j) % SEATS;
            if (!is_out[t])
                s->order[seat][n++] = t;
        }
        s->order_len = n;
    }
    if (s->order_len < 2) {
        PyErr_SetString(PyExc_ValueError, "at least two seats must play");
        return -1;
    }
    Solver_clear(s, NULL);
    s->nodes = 0;
    return 0;
}

static PyTypeObject SolverType;

/* Solver_vectorcall - Solver(...) itself: four positional arguments are read directly,
 * anything else goes through type's usual call (tp_new, then Solver_init) */
static PyObject *Solver_vectorcall(PyObject *type, PyObject *const *args, size_t nargsf,
                                   PyObject *kwnames)
{
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    if (type != (PyObject *)&SolverType || nargs != 4 ||
            (kwnames != NULL && PyTuple_GET_SIZE(kwnames) > 0))
        return slow_call(type, PyType_Type.tp_call, args, nargs, kwnames);
    Solver *s = (Solver *)SolverType.tp_alloc(&SolverType, 0);
    if (s == NULL)
        return NULL;
    if (!int_arg(args[0], &s->trump) || !int_arg(args[1], &s->makers) ||
            solver_setup(s, args[2], args[3]) < 0) {
        Py_DECREF(s);
        return NULL;
    }
    return (PyObject *)s;
}

static void Solver_dealloc(Solver *s)
{
    tt_release(s);
    Py_XDECREF(s->out);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static PyObject *Solver_get_table_size(Solver *s, void *unused)
{
    return PyLong_FromSize_t(s->tt_used);
}

static PyMethodDef Solver_methods[] = {
    {"at_least", (PyCFunction)(void (*)(void))Solver_at_least_fast,
     METH_FASTCALL | METH_KEYWORDS,
     "at_least(hands, leader, k, trick=()) -> do the makers take at least k of the "
     "remaining tricks?"},
    {"tricks", (PyCFunction)(void (*)(void))Solver_tricks_fast, METH_FASTCALL | METH_KEYWORDS,
     "tricks(hands, leader, trick=(), guess=None) -> the makers' exact number of the "
     "remaining tricks (this one included)"},
    {"clear", (PyCFunction)Solver_clear, METH_NOARGS, "Forget the transposition table."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef Solver_members[] = {
    {"trump", T_INT, offsetof(Solver, trump), READONLY, "the trump suit"},
    {"makers", T_INT, offsetof(Solver, makers), READONLY, "the making team (0 or 1)"},
    {"out", T_OBJECT, offsetof(Solver, out), READONLY, "the seats that sit out"},
    {"nodes", T_LONGLONG, offsetof(Solver, nodes), 0, "trick-boundary nodes searched"},
    {NULL, 0, 0, 0, NULL},
};

static PyGetSetDef Solver_getset[] = {
    {"table_size", (getter)Solver_get_table_size, NULL, "positions in the table", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_solver.Solver",
    .tp_doc = "Solver(trump, makers, out, suit_of_bit): the open-hand solver in C "
              "(pyengine/players/solver.py's Solver is the reference).",
    .tp_basicsize = sizeof(Solver),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_vectorcall = Solver_vectorcall,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_members = Solver_members,
    .tp_methods = Solver_methods,
    .tp_getset = Solver_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_solver",
    "The open-hand solver in C (pyengine/players/solver.py is the reference).", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__solver(void)
{
    for (uint32_t x = 0; x < sizeof trump_count; x++)
        trump_count[x] = (uint8_t)popcount(x);
    if (PyType_Ready(&SolverType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
