"""Where the rules live: asp/ ships inside the installed package as `ygocheck.asp`; when the
code runs from a source checkout without installing, the checkout's asp/ folder is used."""

from __future__ import annotations

from pathlib import Path


def asp_folder() -> Path:
    try:
        from importlib import resources

        folder = Path(str(resources.files("ygocheck.asp")))
        if (folder / "main.lp").is_file():
            return folder
    except ModuleNotFoundError:
        pass
    return Path(__file__).resolve().parent.parent / "asp"
