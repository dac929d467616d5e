"""The one thing pyproject.toml cannot say: the package's compiled parts.

tools/machine/fast6502.c is built as pyengine.tools.machine._fast6502 (the harness's 6502
core) and pyengine/players/_solver.c as pyengine.players._solver (the open-hand solver)
by the package's own build (``pip install -e .``, the wheel). Both are optional: on a
machine without a C compiler the build goes on without them, the harness runs py65 and the
search player the Python solver instead, each with one line saying so
(tools/machine/cpu.py, pyengine/players/solver.py; docs/harness.md "The fast core").
"""

from setuptools import Extension, setup

setup(ext_modules=[
    Extension("pyengine.tools.machine._fast6502", sources=["tools/machine/fast6502.c"],
              optional=True, extra_compile_args=["-O2"]),
    Extension("pyengine.players._solver", sources=["pyengine/players/_solver.c"],
              optional=True, extra_compile_args=["-O2"]),
])
