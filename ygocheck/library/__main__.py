"""`python -m ygocheck.library`: write library/compiled.json from the library's YAML files.

Run it after editing a library file (tests/test_library.py fails until it is current); until
then ygocheck reads the YAML itself, which is slower but never wrong.
"""

from __future__ import annotations

from pathlib import Path

from ..cards import compiled_library, library_files


def main() -> None:
    target = Path(__file__).resolve().parent / "compiled.json"
    target.write_text(compiled_library(library_files()), encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
