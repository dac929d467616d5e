"""The one thing pyproject.toml cannot say: the harness's compiled 6502 core.

tools/machine/fast6502.c is built as pyengine.tools.machine._fast6502 by the package's
own build (``pip install -e .``, the wheel). It is optional: on a machine without a C
compiler the build goes on without it and the harness runs py65 instead, with
one line saying so (tools/machine/cpu.py, docs/harness.md "The fast core").
"""

from setuptools import Extension, setup

setup(ext_modules=[
    Extension("pyengine.tools.machine._fast6502", sources=["tools/machine/fast6502.c"],
              optional=True, extra_compile_args=["-O2"]),
])
