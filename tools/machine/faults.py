"""What the harness raises: its misuse (HarnessError) and the faults of the program it runs."""

from __future__ import annotations


# ---- faults -----------------------------------------------------------------------
class HarnessError(Exception):
    """Misuse of the harness (bad file, unknown label, bad argument)."""


class HarnessFault(HarnessError):
    """The emulated program did something a correct program never does."""

    kind = "fault"

    def __init__(self, message: str, pc: int, where: str):
        super().__init__(message)
        self.pc = pc
        self.where = where


class BrkFault(HarnessFault):
    kind = "brk"


class KernalCallFault(HarnessFault):
    kind = "unimplemented-kernal"


class IllegalOpcodeFault(HarnessFault):
    kind = "illegal-opcode"


class StackOverflowFault(HarnessFault):
    kind = "stack-overflow"


class StackUnderflowFault(HarnessFault):
    kind = "stack-underflow"


class CodeWriteFault(HarnessFault):
    kind = "code-write"


class CycleBudgetFault(HarnessFault):
    kind = "cycle-budget"
