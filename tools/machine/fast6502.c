/*
 * fast6502.c - the harness's 6502 step loop in C (docs/harness.md, "The fast core").
 *
 * A native twin of py65's MPU (py65/devices/mpu6502.py, the reference): the same
 * registers, the same flags after every documented opcode (decimal mode as py65
 * computes it, invalid BCD included), the same cycle counts (py65's table, even
 * where it differs from a real 6502: DEC abs $CE costs 3) and the same memory
 * writes. tests/test_fast6502.py runs the two in lockstep to prove it.
 *
 * Cpu.step() executes one instruction exactly as py65's MPU.step() does.
 * Cpu.run(horizon, skip) is tools/machine/harness.py's step loop (C64._run): it steps until
 * something only Python can do comes up, and says which by its return value:
 *   STOP_HORIZON  the cycle count reached ``horizon`` (an event is due, or the limit)
 *   STOP_TRAP     the PC is flagged in the trap table (a trap, the sentinel, the ROM)
 *   STOP_HOT      the next instruction touches an I/O register Python models
 *                 (CIA 1, the SID) or writes into write-protected code; nothing of
 *                 it has run yet
 *   STOP_STACK    a push wrapped SP or a pull went above the stack's top (run already)
 *   STOP_BAD      the next opcode is BRK or has no instruction (not run)
 * Everything else stays here: the memory (the harness's bytearray, shared), the
 * cycle count, the trap table and the hot-page table (bytearrays shared with
 * Python), the VIC-II raster registers ($D011/$D012, from the cycle count), the
 * write-protection range, and the stack checks.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>

/* processor flags */
#define F_N 0x80
#define F_V 0x40
#define F_U 0x20
#define F_B 0x10
#define F_D 0x08
#define F_I 0x04
#define F_Z 0x02
#define F_C 0x01

/* opcode kinds and access bits: tools/machine/harness.py's OPCODE_KIND / OPCODE_ACCESS,
 * handed to the constructor so both loops classify opcodes from one table */
enum { K_NONE, K_ABS, K_ABSX, K_ABSY, K_INDY, K_INDX, K_STACK, K_TXS, K_BRK, K_ILLEGAL };
#define READ_HOT 1
#define WRITE_HOT 2

enum { STOP_HORIZON = 1, STOP_TRAP, STOP_HOT, STOP_STACK, STOP_BAD };

/* the C64 registers the loop itself models (tools/machine/harness.py's constants) */
#define VIC_CTRL1 0xD011
#define VIC_RASTER 0xD012
#define CIA1_PRA 0xDC00
#define CIA1_PRB 0xDC01
#define SID_BASE 0xD400
#define SID_END 0xD800
#define PAL_CYCLES_PER_LINE 63
#define PAL_LINES 312
#define SENTINEL 0xFFF8

/* py65's MPU.cycletime (note $CE, DEC abs: 3, as py65 has it) */
static const uint8_t CYCLES[256] = {
    7, 6, 0, 0, 0, 3, 5, 0, 3, 2, 2, 0, 0, 4, 6, 0,
    2, 5, 0, 0, 0, 4, 6, 0, 2, 4, 0, 0, 0, 4, 7, 0,
    6, 6, 0, 0, 3, 3, 5, 0, 4, 2, 2, 0, 4, 4, 6, 0,
    2, 5, 0, 0, 0, 4, 6, 0, 2, 4, 0, 0, 0, 4, 7, 0,
    6, 6, 0, 0, 0, 3, 5, 0, 3, 2, 2, 0, 3, 4, 6, 0,
    2, 5, 0, 0, 0, 4, 6, 0, 2, 4, 0, 0, 0, 4, 7, 0,
    6, 6, 0, 0, 0, 3, 5, 0, 4, 2, 2, 0, 5, 4, 6, 0,
    2, 5, 0, 0, 0, 4, 6, 0, 2, 4, 0, 0, 0, 4, 7, 0,
    0, 6, 0, 0, 3, 3, 3, 0, 2, 0, 2, 0, 4, 4, 4, 0,
    2, 6, 0, 0, 4, 4, 4, 0, 2, 5, 2, 0, 0, 5, 0, 0,
    2, 6, 2, 0, 3, 3, 3, 0, 2, 2, 2, 0, 4, 4, 4, 0,
    2, 5, 0, 0, 4, 4, 4, 0, 2, 4, 2, 0, 4, 4, 4, 0,
    2, 6, 0, 0, 3, 3, 5, 0, 2, 2, 2, 0, 4, 4, 3, 0,
    2, 5, 0, 0, 0, 4, 6, 0, 2, 4, 0, 0, 0, 4, 7, 0,
    2, 6, 0, 0, 3, 3, 5, 0, 2, 2, 2, 0, 4, 4, 6, 0,
    2, 5, 0, 0, 0, 4, 6, 0, 2, 4, 0, 0, 0, 4, 7, 0,
};

/* py65's MPU.extracycles: nonzero where a page crossed by abs,X / abs,Y / (zp),Y
 * costs one more cycle (branches count theirs in branch() regardless) */
static const uint8_t EXTRA[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    2, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    2, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    2, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    2, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    2, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 1, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    2, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    2, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0,
};

typedef struct {
    PyObject_HEAD
    /* registers, as py65 names them (members a, x, y, sp, p, pc, processorCycles) */
    int a, x, y, sp, p, pc;
    long long cycles;
    int excycles, addcycles;        /* per instruction, as py65's */
    /* shared with Python */
    PyObject *memory;               /* bytearray(65536) */
    Py_buffer mem_view, trap_view, hot_view;
    uint8_t *mem, *trap_flags, *hot;
    int have_trap, have_hot;
    uint8_t kinds[256], access[256];
    /* the harness's state that the loop keeps */
    int stack_top;                  /* SP above which a pull is an underflow */
    int prot_lo, prot_hi;           /* [lo, hi) faults on a write; empty: lo == hi */
    int fault_pc, fault_op, fault_sp;   /* of the instruction that STOP_STACK reports */
} Cpu;

static const uint8_t NO_TRAPS[0x10000];
static const uint8_t NO_HOT[256];

/* ---- memory and addressing (py65's ByteAt, WordAt, WrapAt and the modes) ------------ */
#define RD(c, addr) ((c)->mem[(addr) & 0xFFFF])
#define WR(c, addr, v) ((c)->mem[(addr) & 0xFFFF] = (uint8_t)(v))

static inline int word_at(Cpu *c, int addr) { return RD(c, addr) | RD(c, addr + 1) << 8; }

static inline int wrap_at(Cpu *c, int addr)
{
    return RD(c, addr) | RD(c, (addr & 0xFF00) + ((addr + 1) & 0xFF)) << 8;
}

static inline int m_imm(Cpu *c) { return c->pc; }
static inline int m_zpg(Cpu *c) { return RD(c, c->pc); }
static inline int m_zpx(Cpu *c) { return (c->x + RD(c, c->pc)) & 0xFF; }
static inline int m_zpy(Cpu *c) { return (c->y + RD(c, c->pc)) & 0xFF; }
static inline int m_abs(Cpu *c) { return word_at(c, c->pc); }
static inline int m_inx(Cpu *c) { return wrap_at(c, (RD(c, c->pc) + c->x) & 0xFF); }

static inline int indexed(Cpu *c, int base, int index)
{
    int a2 = (base + index) & 0xFFFF;
    if (c->addcycles && (base & 0xFF00) != (a2 & 0xFF00))
        c->excycles += 1;
    return a2;
}

static inline int m_abx(Cpu *c) { return indexed(c, word_at(c, c->pc), c->x); }
static inline int m_aby(Cpu *c) { return indexed(c, word_at(c, c->pc), c->y); }
static inline int m_iny(Cpu *c) { return indexed(c, wrap_at(c, RD(c, c->pc)), c->y); }

/* ---- stack ---------------------------------------------------------------------------- */
static inline void push(Cpu *c, int v)
{
    c->mem[0x100 + c->sp] = (uint8_t)v;
    c->sp = (c->sp - 1) & 0xFF;
}

static inline int pull(Cpu *c)
{
    c->sp = (c->sp + 1) & 0xFF;
    return c->mem[0x100 + c->sp];
}

static inline void push_word(Cpu *c, int v)
{
    push(c, (v >> 8) & 0xFF);
    push(c, v & 0xFF);
}

static inline int pull_word(Cpu *c)
{
    int lo = pull(c);
    return lo | pull(c) << 8;
}

/* ---- operations (py65's opXXX, in the same order of flag updates) -------------------- */
static inline void flags_nz(Cpu *c, int v)
{
    c->p &= ~(F_Z | F_N);
    if (v == 0)
        c->p |= F_Z;
    else
        c->p |= v & F_N;
}

static inline void op_adc(Cpu *c, int addr)
{
    int data = RD(c, addr), a = c->a;
    if (c->p & F_D) {
        int halfcarry = 0, decimalcarry = 0, adjust0 = 0, adjust1 = 0;
        int nibble0 = (data & 0xF) + (a & 0xF) + (c->p & F_C);
        if (nibble0 > 9) {
            adjust0 = 6;
            halfcarry = 1;
        }
        int nibble1 = ((data >> 4) & 0xF) + ((a >> 4) & 0xF) + halfcarry;
        if (nibble1 > 9) {
            adjust1 = 6;
            decimalcarry = 1;
        }
        nibble0 &= 0xF;               /* the ALU outputs are not decimally adjusted */
        nibble1 &= 0xF;
        int alu = (nibble1 << 4) + nibble0;
        nibble0 = (nibble0 + adjust0) & 0xF;
        nibble1 = (nibble1 + adjust1) & 0xF;
        c->p &= ~(F_C | F_V | F_N | F_Z);
        if (alu == 0)
            c->p |= F_Z;
        else
            c->p |= alu & F_N;
        if (decimalcarry)
            c->p |= F_C;
        if ((~(a ^ data) & (a ^ alu)) & F_N)
            c->p |= F_V;
        c->a = (nibble1 << 4) + nibble0;
    } else {
        int result = data + a + (c->p & F_C ? 1 : 0);
        c->p &= ~(F_C | F_V | F_N | F_Z);
        if ((~(a ^ data) & (a ^ result)) & F_N)
            c->p |= F_V;
        if (result > 0xFF) {
            c->p |= F_C;
            result &= 0xFF;
        }
        if (result == 0)
            c->p |= F_Z;
        else
            c->p |= result & F_N;
        c->a = result;
    }
}

static inline void op_sbc(Cpu *c, int addr)
{
    int data = RD(c, addr), a = c->a, inv = data ^ 0xFF;
    if (c->p & F_D) {
        int halfcarry = 1, decimalcarry = 0, adjust0 = 0, adjust1 = 0;
        int nibble0 = (a & 0xF) + (inv & 0xF) + (c->p & F_C);
        if (nibble0 <= 0xF) {
            halfcarry = 0;
            adjust0 = 10;
        }
        int nibble1 = ((a >> 4) & 0xF) + ((inv >> 4) & 0xF) + halfcarry;
        if (nibble1 <= 0xF)
            adjust1 = 10 << 4;
        int alu = a + inv + (c->p & F_C);   /* not decimally adjusted */
        if (alu > 0xFF)
            decimalcarry = 1;
        alu &= 0xFF;
        nibble0 = (alu + adjust0) & 0xF;    /* but the result is */
        nibble1 = ((alu + adjust1) >> 4) & 0xF;
        c->p &= ~(F_C | F_Z | F_N | F_V);
        if (alu == 0)
            c->p |= F_Z;
        else
            c->p |= alu & F_N;
        if (decimalcarry)
            c->p |= F_C;
        if (((a ^ data) & (a ^ alu)) & F_N)
            c->p |= F_V;
        c->a = (nibble1 << 4) + nibble0;
    } else {
        int result = a + inv + (c->p & F_C);
        c->p &= ~(F_C | F_Z | F_V | F_N);
        if (((a ^ data) & (a ^ result)) & F_N)
            c->p |= F_V;
        int d = result & 0xFF;
        if (d == 0)
            c->p |= F_Z;
        if (result > 0xFF)
            c->p |= F_C;
        c->p |= d & F_N;
        c->a = d;
    }
}

static inline void op_cmp(Cpu *c, int addr, int reg)
{
    int t = RD(c, addr);
    c->p &= ~(F_C | F_Z | F_N);
    if (reg == t)
        c->p |= F_C | F_Z;
    else if (reg > t)
        c->p |= F_C;
    c->p |= (reg - t) & F_N;
}

static inline void op_bit(Cpu *c, int addr)
{
    int t = RD(c, addr);
    c->p &= ~(F_Z | F_N | F_V);
    if ((c->a & t) == 0)
        c->p |= F_Z;
    c->p |= t & (F_N | F_V);
}

static inline int op_asl(Cpu *c, int t)
{
    c->p &= ~(F_C | F_N | F_Z);
    if (t & F_N)
        c->p |= F_C;
    t = (t << 1) & 0xFF;
    if (t)
        c->p |= t & F_N;
    else
        c->p |= F_Z;
    return t;
}

static inline int op_lsr(Cpu *c, int t)
{
    c->p &= ~(F_C | F_N | F_Z);
    c->p |= t & 1;
    t >>= 1;
    if (!t)
        c->p |= F_Z;
    return t;
}

static inline int op_rol(Cpu *c, int t)
{
    if (c->p & F_C) {
        if (!(t & F_N))
            c->p &= ~F_C;
        t = (t << 1) | 1;
    } else {
        if (t & F_N)
            c->p |= F_C;
        t <<= 1;
    }
    t &= 0xFF;
    flags_nz(c, t);
    return t;
}

static inline int op_ror(Cpu *c, int t)
{
    if (c->p & F_C) {
        if (!(t & 1))
            c->p &= ~F_C;
        t = (t >> 1) | F_N;
    } else {
        if (t & 1)
            c->p |= F_C;
        t >>= 1;
    }
    flags_nz(c, t);
    return t;
}

static inline int op_inc(Cpu *c, int t, int delta)
{
    c->p &= ~(F_Z | F_N);
    t = (t + delta) & 0xFF;
    if (t)
        c->p |= t & F_N;
    else
        c->p |= F_Z;
    return t;
}

/* py65's BranchRelAddr: one more cycle when taken, another when the target is on
 * another page than the next instruction (PC not yet wrapped, as py65 has it) */
static inline void branch(Cpu *c, int taken)
{
    if (!taken) {
        c->pc += 1;
        return;
    }
    c->excycles += 1;
    int off = RD(c, c->pc);
    c->pc += 1;
    int target = (off & F_N) ? c->pc - (off ^ 0xFF) - 1 : c->pc + off;
    if ((c->pc & 0xFF00) != (target & 0xFF00))
        c->excycles += 1;
    c->pc = target & 0xFFFF;
}

/* a read-modify-write on memory or (addr < 0) on A */
#define RMW(fn, mode) do { int ad_ = mode(c); WR(c, ad_, fn(c, RD(c, ad_))); } while (0)
#define RMW_INC(mode, d) do { int ad_ = mode(c); WR(c, ad_, op_inc(c, RD(c, ad_), d)); } while (0)
#define LOAD(reg, mode) do { c->reg = RD(c, mode(c)); flags_nz(c, c->reg); } while (0)
#define LOGIC(opr, mode) do { c->a opr RD(c, mode(c)); flags_nz(c, c->a); } while (0)

/* Execute one instruction: py65's MPU.step(). */
static void step(Cpu *c)
{
    int op = RD(c, c->pc);
    c->pc = (c->pc + 1) & 0xFFFF;
    c->excycles = 0;
    c->addcycles = EXTRA[op];
    switch (op) {
    /* ORA AND EOR */
    case 0x09: LOGIC(|=, m_imm); c->pc += 1; break;
    case 0x05: LOGIC(|=, m_zpg); c->pc += 1; break;
    case 0x15: LOGIC(|=, m_zpx); c->pc += 1; break;
    case 0x0D: LOGIC(|=, m_abs); c->pc += 2; break;
    case 0x1D: LOGIC(|=, m_abx); c->pc += 2; break;
    case 0x19: LOGIC(|=, m_aby); c->pc += 2; break;
    case 0x01: LOGIC(|=, m_inx); c->pc += 1; break;
    case 0x11: LOGIC(|=, m_iny); c->pc += 1; break;
    case 0x29: LOGIC(&=, m_imm); c->pc += 1; break;
    case 0x25: LOGIC(&=, m_zpg); c->pc += 1; break;
    case 0x35: LOGIC(&=, m_zpx); c->pc += 1; break;
    case 0x2D: LOGIC(&=, m_abs); c->pc += 2; break;
    case 0x3D: LOGIC(&=, m_abx); c->pc += 2; break;
    case 0x39: LOGIC(&=, m_aby); c->pc += 2; break;
    case 0x21: LOGIC(&=, m_inx); c->pc += 1; break;
    case 0x31: LOGIC(&=, m_iny); c->pc += 1; break;
    case 0x49: LOGIC(^=, m_imm); c->pc += 1; break;
    case 0x45: LOGIC(^=, m_zpg); c->pc += 1; break;
    case 0x55: LOGIC(^=, m_zpx); c->pc += 1; break;
    case 0x4D: LOGIC(^=, m_abs); c->pc += 2; break;
    case 0x5D: LOGIC(^=, m_abx); c->pc += 2; break;
    case 0x59: LOGIC(^=, m_aby); c->pc += 2; break;
    case 0x41: LOGIC(^=, m_inx); c->pc += 1; break;
    case 0x51: LOGIC(^=, m_iny); c->pc += 1; break;
    /* ADC SBC */
    case 0x69: op_adc(c, m_imm(c)); c->pc += 1; break;
    case 0x65: op_adc(c, m_zpg(c)); c->pc += 1; break;
    case 0x75: op_adc(c, m_zpx(c)); c->pc += 1; break;
    case 0x6D: op_adc(c, m_abs(c)); c->pc += 2; break;
    case 0x7D: op_adc(c, m_abx(c)); c->pc += 2; break;
    case 0x79: op_adc(c, m_aby(c)); c->pc += 2; break;
    case 0x61: op_adc(c, m_inx(c)); c->pc += 1; break;
    case 0x71: op_adc(c, m_iny(c)); c->pc += 1; break;
    case 0xE9: op_sbc(c, m_imm(c)); c->pc += 1; break;
    case 0xE5: op_sbc(c, m_zpg(c)); c->pc += 1; break;
    case 0xF5: op_sbc(c, m_zpx(c)); c->pc += 1; break;
    case 0xED: op_sbc(c, m_abs(c)); c->pc += 2; break;
    case 0xFD: op_sbc(c, m_abx(c)); c->pc += 2; break;
    case 0xF9: op_sbc(c, m_aby(c)); c->pc += 2; break;
    case 0xE1: op_sbc(c, m_inx(c)); c->pc += 1; break;
    case 0xF1: op_sbc(c, m_iny(c)); c->pc += 1; break;
    /* CMP CPX CPY */
    case 0xC9: op_cmp(c, m_imm(c), c->a); c->pc += 1; break;
    case 0xC5: op_cmp(c, m_zpg(c), c->a); c->pc += 1; break;
    case 0xD5: op_cmp(c, m_zpx(c), c->a); c->pc += 1; break;
    case 0xCD: op_cmp(c, m_abs(c), c->a); c->pc += 2; break;
    case 0xDD: op_cmp(c, m_abx(c), c->a); c->pc += 2; break;
    case 0xD9: op_cmp(c, m_aby(c), c->a); c->pc += 2; break;
    case 0xC1: op_cmp(c, m_inx(c), c->a); c->pc += 1; break;
    case 0xD1: op_cmp(c, m_iny(c), c->a); c->pc += 1; break;
    case 0xE0: op_cmp(c, m_imm(c), c->x); c->pc += 1; break;
    case 0xE4: op_cmp(c, m_zpg(c), c->x); c->pc += 1; break;
    case 0xEC: op_cmp(c, m_abs(c), c->x); c->pc += 2; break;
    case 0xC0: op_cmp(c, m_imm(c), c->y); c->pc += 1; break;
    case 0xC4: op_cmp(c, m_zpg(c), c->y); c->pc += 1; break;
    case 0xCC: op_cmp(c, m_abs(c), c->y); c->pc += 2; break;
    /* BIT */
    case 0x24: op_bit(c, m_zpg(c)); c->pc += 1; break;
    case 0x2C: op_bit(c, m_abs(c)); c->pc += 2; break;
    /* loads */
    case 0xA9: LOAD(a, m_imm); c->pc += 1; break;
    case 0xA5: LOAD(a, m_zpg); c->pc += 1; break;
    case 0xB5: LOAD(a, m_zpx); c->pc += 1; break;
    case 0xAD: LOAD(a, m_abs); c->pc += 2; break;
    case 0xBD: LOAD(a, m_abx); c->pc += 2; break;
    case 0xB9: LOAD(a, m_aby); c->pc += 2; break;
    case 0xA1: LOAD(a, m_inx); c->pc += 1; break;
    case 0xB1: LOAD(a, m_iny); c->pc += 1; break;
    case 0xA2: LOAD(x, m_imm); c->pc += 1; break;
    case 0xA6: LOAD(x, m_zpg); c->pc += 1; break;
    case 0xB6: LOAD(x, m_zpy); c->pc += 1; break;
    case 0xAE: LOAD(x, m_abs); c->pc += 2; break;
    case 0xBE: LOAD(x, m_aby); c->pc += 2; break;
    case 0xA0: LOAD(y, m_imm); c->pc += 1; break;
    case 0xA4: LOAD(y, m_zpg); c->pc += 1; break;
    case 0xB4: LOAD(y, m_zpx); c->pc += 1; break;
    case 0xAC: LOAD(y, m_abs); c->pc += 2; break;
    case 0xBC: LOAD(y, m_abx); c->pc += 2; break;
    /* stores */
    case 0x85: WR(c, m_zpg(c), c->a); c->pc += 1; break;
    case 0x95: WR(c, m_zpx(c), c->a); c->pc += 1; break;
    case 0x8D: WR(c, m_abs(c), c->a); c->pc += 2; break;
    case 0x9D: WR(c, m_abx(c), c->a); c->pc += 2; break;
    case 0x99: WR(c, m_aby(c), c->a); c->pc += 2; break;
    case 0x81: WR(c, m_inx(c), c->a); c->pc += 1; break;
    case 0x91: WR(c, m_iny(c), c->a); c->pc += 1; break;
    case 0x86: WR(c, m_zpg(c), c->x); c->pc += 1; break;
    case 0x96: WR(c, m_zpy(c), c->x); c->pc += 1; break;
    case 0x8E: WR(c, m_abs(c), c->x); c->pc += 2; break;
    case 0x84: WR(c, m_zpg(c), c->y); c->pc += 1; break;
    case 0x94: WR(c, m_zpx(c), c->y); c->pc += 1; break;
    case 0x8C: WR(c, m_abs(c), c->y); c->pc += 2; break;
    /* shifts and rotates */
    case 0x0A: c->a = op_asl(c, c->a); break;
    case 0x06: RMW(op_asl, m_zpg); c->pc += 1; break;
    case 0x16: RMW(op_asl, m_zpx); c->pc += 1; break;
    case 0x0E: RMW(op_asl, m_abs); c->pc += 2; break;
    case 0x1E: RMW(op_asl, m_abx); c->pc += 2; break;
    case 0x4A: c->a = op_lsr(c, c->a); break;
    case 0x46: RMW(op_lsr, m_zpg); c->pc += 1; break;
    case 0x56: RMW(op_lsr, m_zpx); c->pc += 1; break;
    case 0x4E: RMW(op_lsr, m_abs); c->pc += 2; break;
    case 0x5E: RMW(op_lsr, m_abx); c->pc += 2; break;
    case 0x2A: c->a = op_rol(c, c->a); break;
    case 0x26: RMW(op_rol, m_zpg); c->pc += 1; break;
    case 0x36: RMW(op_rol, m_zpx); c->pc += 1; break;
    case 0x2E: RMW(op_rol, m_abs); c->pc += 2; break;
    case 0x3E: RMW(op_rol, m_abx); c->pc += 2; break;
    case 0x6A: c->a = op_ror(c, c->a); break;
    case 0x66: RMW(op_ror, m_zpg); c->pc += 1; break;
    case 0x76: RMW(op_ror, m_zpx); c->pc += 1; break;
    case 0x6E: RMW(op_ror, m_abs); c->pc += 2; break;
    case 0x7E: RMW(op_ror, m_abx); c->pc += 2; break;
    /* INC DEC, and of the index registers */
    case 0xE6: RMW_INC(m_zpg, 1); c->pc += 1; break;
    case 0xF6: RMW_INC(m_zpx, 1); c->pc += 1; break;
    case 0xEE: RMW_INC(m_abs, 1); c->pc += 2; break;
    case 0xFE: RMW_INC(m_abx, 1); c->pc += 2; break;
    case 0xC6: RMW_INC(m_zpg, -1); c->pc += 1; break;
    case 0xD6: RMW_INC(m_zpx, -1); c->pc += 1; break;
    case 0xCE: RMW_INC(m_abs, -1); c->pc += 2; break;
    case 0xDE: RMW_INC(m_abx, -1); c->pc += 2; break;
    case 0xE8: c->x = (c->x + 1) & 0xFF; flags_nz(c, c->x); break;
    case 0xCA: c->x = (c->x - 1) & 0xFF; flags_nz(c, c->x); break;
    case 0xC8: c->y = (c->y + 1) & 0xFF; flags_nz(c, c->y); break;
    case 0x88: c->y = (c->y - 1) & 0xFF; flags_nz(c, c->y); break;
    /* transfers */
    case 0xAA: c->x = c->a; flags_nz(c, c->x); break;
    case 0x8A: c->a = c->x; flags_nz(c, c->a); break;
    case 0xA8: c->y = c->a; flags_nz(c, c->y); break;
    case 0x98: c->a = c->y; flags_nz(c, c->a); break;
    case 0xBA: c->x = c->sp; flags_nz(c, c->x); break;
    case 0x9A: c->sp = c->x; break;
    /* flags */
    case 0x18: c->p &= ~F_C; break;
    case 0x38: c->p |= F_C; break;
    case 0x58: c->p &= ~F_I; break;
    case 0x78: c->p |= F_I; break;
    case 0xB8: c->p &= ~F_V; break;
    case 0xD8: c->p &= ~F_D; break;
    case 0xF8: c->p |= F_D; break;
    /* branches */
    case 0x10: branch(c, !(c->p & F_N)); break;
    case 0x30: branch(c, c->p & F_N); break;
    case 0x50: branch(c, !(c->p & F_V)); break;
    case 0x70: branch(c, c->p & F_V); break;
    case 0x90: branch(c, !(c->p & F_C)); break;
    case 0xB0: branch(c, c->p & F_C); break;
    case 0xD0: branch(c, !(c->p & F_Z)); break;
    case 0xF0: branch(c, c->p & F_Z); break;
    /* jumps, subroutines, the stack, interrupts */
    case 0x4C: c->pc = word_at(c, c->pc); break;
    case 0x6C: c->pc = wrap_at(c, word_at(c, c->pc)); break;
    case 0x20: push_word(c, (c->pc + 1) & 0xFFFF); c->pc = word_at(c, c->pc); break;
    case 0x60: c->pc = pull_word(c) + 1; break;
    case 0x40: c->p = pull(c) | F_B | F_U; c->pc = pull_word(c); break;
    case 0x48: push(c, c->a); break;
    case 0x08: push(c, c->p | F_B | F_U); break;
    case 0x68: c->a = pull(c); flags_nz(c, c->a); break;
    case 0x28: c->p = pull(c) | F_B | F_U; break;
    case 0x00:
        push_word(c, (c->pc + 1) & 0xFFFF);
        c->p |= F_B;
        push(c, c->p | F_B | F_U);
        c->p |= F_I;
        c->pc = word_at(c, 0xFFFE);
        break;
    case 0xEA: break;
    default: c->pc += 1; break;      /* py65's inst_not_implemented */
    }
    c->pc &= 0xFFFF;
    c->cycles += CYCLES[op] + c->excycles;
}

/* ---- the step loop ------------------------------------------------------------------------ */

/* The operand's address of an abs / abs,X / abs,Y / (zp),Y / (zp,X) instruction at pc. */
static inline int effective_address(Cpu *c, int pc, int kind)
{
    int base;
    switch (kind) {
    case K_ABS: return RD(c, pc + 1) | RD(c, pc + 2) << 8;
    case K_ABSX: return ((RD(c, pc + 1) | RD(c, pc + 2) << 8) + c->x) & 0xFFFF;
    case K_ABSY: return ((RD(c, pc + 1) | RD(c, pc + 2) << 8) + c->y) & 0xFFFF;
    case K_INDY:
        base = RD(c, pc + 1);
        return ((RD(c, base) | RD(c, (base + 1) & 0xFF) << 8) + c->y) & 0xFFFF;
    default:
        base = (RD(c, pc + 1) + c->x) & 0xFF;
        return RD(c, base) | RD(c, (base + 1) & 0xFF) << 8;
    }
}

/* Before an instruction whose operand page is hot (C64._io_before): 1 when Python
 * must see it (CIA 1, the SID, a write into protected code), else 0, the raster
 * registers brought up to date if it reads them. */
static inline int hot_access(Cpu *c, int pc, int kind, int acc)
{
    int addr = effective_address(c, pc, kind);
    if (acc & WRITE_HOT) {
        if (c->prot_lo <= addr && addr < c->prot_hi)
            return 1;
        if ((addr >= SID_BASE && addr < SID_END) || addr == CIA1_PRA)
            return 1;
    }
    if (acc & READ_HOT) {
        if (addr == CIA1_PRA || addr == CIA1_PRB)
            return 1;
        if (addr == VIC_RASTER || addr == VIC_CTRL1) {
            int line = (int)(((c->cycles + 3) / PAL_CYCLES_PER_LINE) % PAL_LINES);
            c->mem[VIC_RASTER] = (uint8_t)(line & 0xFF);
            c->mem[VIC_CTRL1] = (uint8_t)((c->mem[VIC_CTRL1] & 0x7F) | (line > 0xFF ? 0x80 : 0));
        }
    }
    return 0;
}

static inline void mask_registers(Cpu *c)
{
    c->a &= 0xFF;
    c->x &= 0xFF;
    c->y &= 0xFF;
    c->sp &= 0xFF;
    c->p &= 0xFF;
    c->pc &= 0xFFFF;
}

static PyObject *Cpu_run(Cpu *c, PyObject *args)
{
    long long horizon;
    int skip = 0;
    if (!PyArg_ParseTuple(args, "L|p", &horizon, &skip))
        return NULL;
    mask_registers(c);
    const uint8_t *traps = c->trap_flags, *hot = c->hot;
    const uint8_t *mem = c->mem;
    for (;;) {
        int pc = c->pc;
        if (!skip) {
            if (c->cycles >= horizon)
                return PyLong_FromLong(STOP_HORIZON);
            if (traps[pc])
                return PyLong_FromLong(STOP_TRAP);
        }
        skip = 0;
        int op = mem[pc];
        int kind = c->kinds[op];
        int sp_before = c->sp;
        if (kind) {
            if (kind >= K_BRK)
                return PyLong_FromLong(STOP_BAD);
            if (kind < K_STACK) {
                int acc = c->access[op], page;
                switch (kind) {
                case K_ABS: page = mem[(pc + 2) & 0xFFFF]; break;
                default: page = effective_address(c, pc, kind) >> 8; break;
                }
                if ((hot[page] & acc) && hot_access(c, pc, kind, acc))
                    return PyLong_FromLong(STOP_HOT);
            }
        }
        step(c);
        if (kind == K_STACK) {
            int sp = c->sp, bad;
            if (op == 0x48 || op == 0x08 || op == 0x20)         /* PHA PHP JSR */
                bad = sp > sp_before;
            else                                                /* PLA PLP RTS RTI */
                bad = (sp < sp_before || sp > c->stack_top)
                      && !(op == 0x60 && c->pc == SENTINEL && sp == c->stack_top);
            if (bad) {
                c->fault_pc = pc;
                c->fault_op = op;
                c->fault_sp = sp_before;
                return PyLong_FromLong(STOP_STACK);
            }
        } else if (kind == K_TXS) {
            c->stack_top = c->sp;       /* the program took over the stack */
        }
    }
}

static PyObject *Cpu_step(Cpu *c, PyObject *Py_UNUSED(ignored))
{
    mask_registers(c);
    step(c);
    Py_RETURN_NONE;
}

static PyObject *Cpu_set_protect(Cpu *c, PyObject *args)
{
    int lo, hi;
    if (!PyArg_ParseTuple(args, "ii", &lo, &hi))
        return NULL;
    c->prot_lo = lo;
    c->prot_hi = hi > lo ? hi : lo;
    Py_RETURN_NONE;
}

/* ---- the type --------------------------------------------------------------------------- */
static int get_buffer(PyObject *obj, Py_buffer *view, Py_ssize_t size, const char *what)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    if (view->len != size) {
        PyErr_Format(PyExc_ValueError, "%s must be %zd bytes, not %zd", what, size, view->len);
        PyBuffer_Release(view);
        view->obj = NULL;
        return -1;
    }
    return 0;
}

static int Cpu_init(Cpu *c, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"memory", "trap_flags", "hot", "kinds", "access", NULL};
    PyObject *memory, *trap_flags = Py_None, *hot = Py_None;
    Py_buffer kinds = {0}, access = {0};
    if (c->memory != NULL) {
        PyErr_SetString(PyExc_TypeError, "Cpu.__init__ called twice");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|OOy*y*", kwlist, &memory, &trap_flags,
                                     &hot, &kinds, &access))
        return -1;
    int ok = -1;
    if (get_buffer(memory, &c->mem_view, 0x10000, "memory") < 0)
        goto done;
    c->memory = Py_NewRef(memory);
    c->mem = c->mem_view.buf;
    c->trap_flags = (uint8_t *)NO_TRAPS;
    c->hot = (uint8_t *)NO_HOT;
    if (trap_flags != Py_None) {
        if (get_buffer(trap_flags, &c->trap_view, 0x10000, "trap_flags") < 0)
            goto done;
        c->have_trap = 1;
        c->trap_flags = c->trap_view.buf;
    }
    if (hot != Py_None) {
        if (get_buffer(hot, &c->hot_view, 256, "hot") < 0)
            goto done;
        c->have_hot = 1;
        c->hot = c->hot_view.buf;
    }
    if (kinds.obj != NULL) {
        if (kinds.len != 256 || access.obj == NULL || access.len != 256) {
            PyErr_SetString(PyExc_ValueError, "kinds and access must be 256 bytes each");
            goto done;
        }
        memcpy(c->kinds, kinds.buf, 256);
        memcpy(c->access, access.buf, 256);
    }
    c->sp = 0xFF;                   /* py65's reset() */
    c->p = F_B | F_U;
    c->stack_top = 0x100;
    ok = 0;
done:
    if (kinds.obj != NULL)
        PyBuffer_Release(&kinds);
    if (access.obj != NULL)
        PyBuffer_Release(&access);
    return ok;
}

static void Cpu_dealloc(Cpu *c)
{
    if (c->have_trap)
        PyBuffer_Release(&c->trap_view);
    if (c->have_hot)
        PyBuffer_Release(&c->hot_view);
    if (c->memory != NULL) {
        PyBuffer_Release(&c->mem_view);
        Py_DECREF(c->memory);
    }
    Py_TYPE(c)->tp_free((PyObject *)c);
}

static PyMemberDef Cpu_members[] = {
    {"a", T_INT, offsetof(Cpu, a), 0, "accumulator"},
    {"x", T_INT, offsetof(Cpu, x), 0, "X register"},
    {"y", T_INT, offsetof(Cpu, y), 0, "Y register"},
    {"sp", T_INT, offsetof(Cpu, sp), 0, "stack pointer"},
    {"p", T_INT, offsetof(Cpu, p), 0, "processor status"},
    {"pc", T_INT, offsetof(Cpu, pc), 0, "program counter"},
    {"processorCycles", T_LONGLONG, offsetof(Cpu, cycles), 0, "cycles run (py65's name)"},
    {"memory", T_OBJECT_EX, offsetof(Cpu, memory), READONLY, "the 64 KiB memory"},
    {"stack_top", T_INT, offsetof(Cpu, stack_top), 0, "SP above which a pull underflows"},
    {"fault_pc", T_INT, offsetof(Cpu, fault_pc), READONLY, "PC of a STOP_STACK instruction"},
    {"fault_op", T_INT, offsetof(Cpu, fault_op), READONLY, "its opcode"},
    {"fault_sp", T_INT, offsetof(Cpu, fault_sp), READONLY, "SP before it"},
    {NULL},
};

static PyMethodDef Cpu_methods[] = {
    {"step", (PyCFunction)Cpu_step, METH_NOARGS,
     "step(): execute one instruction, exactly as py65's MPU.step()"},
    {"run", (PyCFunction)Cpu_run, METH_VARARGS,
     "run(horizon, skip=False) -> STOP_*: step until Python is needed (see the module)"},
    {"set_protect", (PyCFunction)Cpu_set_protect, METH_VARARGS,
     "set_protect(start, end): writes into [start, end) stop the run (STOP_HOT)"},
    {NULL},
};

static PyTypeObject CpuType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_fast6502.Cpu",
    .tp_doc = "A 6502 that steps as py65's MPU does, with the harness's step loop in C.",
    .tp_basicsize = sizeof(Cpu),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Cpu_init,
    .tp_dealloc = (destructor)Cpu_dealloc,
    .tp_members = Cpu_members,
    .tp_methods = Cpu_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fast6502",
    "The harness's 6502 step loop in C (tools/machine/fast6502.c; docs/harness.md).", -1, NULL,
};

PyMODINIT_FUNC PyInit__fast6502(void)
{
    if (PyType_Ready(&CpuType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddObjectRef(m, "Cpu", (PyObject *)&CpuType) < 0
        || PyModule_AddIntConstant(m, "STOP_HORIZON", STOP_HORIZON) < 0
        || PyModule_AddIntConstant(m, "STOP_TRAP", STOP_TRAP) < 0
        || PyModule_AddIntConstant(m, "STOP_HOT", STOP_HOT) < 0
        || PyModule_AddIntConstant(m, "STOP_STACK", STOP_STACK) < 0
        || PyModule_AddIntConstant(m, "STOP_BAD", STOP_BAD) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
