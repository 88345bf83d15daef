"""Every file the program reads or writes goes through here: one bounded reader, one safe writer.

A path may name anything: a regular file, a folder, a device that never ends (``/dev/zero``), a
FIFO that blocks whoever opens it, a symbolic link to any of those. The reader
(:func:`read_bounded`) opens without blocking, refuses whatever is not a regular file, and counts
the bytes it reads (a size from ``stat`` would let a growing file, or one whose size lies, through).
The writer (:func:`write_atomically`) writes regular files only: a device, FIFO, socket, folder or
symbolic link in the way is refused, never replaced, and the new content goes to a temporary file
in the same folder that is renamed over the path, so a failure never leaves half a file.
:func:`open_for_append` is the same refusal for the files that grow line by line (a tournament's
results, a bot's log). Each refusal is one line naming the path.

:func:`printable` is the last step before a file's text reaches a terminal or the window: control
and bidirectional-formatting characters are shown as escapes, so a file cannot move the cursor,
ring the bell, hide text or reverse a line.

>>> printable("abc\\u202edef\\x00")
'abc\\\\u202edef\\\\x00'
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
import unicodedata
from pathlib import Path
from typing import Callable

from risk.errors import FileError

#: Builds the error for a refused path: ``error(message, path)`` (MapError, RecordError, FileError).
ErrorType = Callable[[str, str], Exception]

_CHUNK = 1 << 16

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
          (stat.S_ISFIFO, "a pipe (FIFO)"), (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link"))


def kind_of(mode: int) -> str:
    """What a file of ``mode`` is, in words ("a regular file", "a device", ...)."""
    for test, name in _KINDS:
        if test(mode):
            return name
    return "a regular file" if stat.S_ISREG(mode) else "not a regular file"


# -- reading ---------------------------------------------------------------------------------------

def read_bytes(path: str | Path, limit: int, what: str, error: ErrorType = FileError) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them; otherwise
    ``error(message, path)`` saying what is wrong (missing, a folder, a device or pipe, too
    large, unreadable). Never blocks on a FIFO and never reads more than ``limit + 1`` bytes."""
    name = str(path)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer that may never come.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise error("no such file", name) from None
    except IsADirectoryError:
        raise error(f"is a folder, not a {what}", name) from None
    except OSError as exc:
        raise error(f"cannot be read ({_reason(exc)})", name) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise error(f"is {kind_of(mode)}, not a {what}", name)
        os.set_blocking(fd, True)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise error(f"is larger than {_size(limit)}: not a {what}", name)
        return b"".join(chunks)
    except OSError as exc:
        raise error(f"cannot be read ({_reason(exc)})", name) from None
    finally:
        os.close(fd)


def read_bounded(path: str | Path, limit: int, error: ErrorType, what: str, *, text: bool = True,
                 decode_errors: str = "strict") -> str | bytes:
    """:func:`read_bytes`, decoded as UTF-8 text unless ``text`` is false. Text in another
    encoding (UTF-16, Latin-1) is refused in one line, unless ``decode_errors`` says otherwise."""
    data = read_bytes(path, limit, what, error)
    if not text:
        return data
    return decode(data, str(path), what, error, decode_errors)


def decode(data: bytes, name: str, what: str, error: ErrorType = FileError, errors: str = "strict") -> str:
    """``data`` as UTF-8 text (a leading byte-order mark dropped); ``error`` if it is not."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") and errors == "strict":
        raise error(f"not a {what} (UTF-16 text; save it as UTF-8)", name)
    try:
        return data.decode("utf-8-sig", errors=errors)
    except UnicodeDecodeError as exc:
        raise error(f"not a {what} (not UTF-8 text: byte {exc.start + 1} is 0x{data[exc.start]:02x})",
                    name) from None


# -- writing ---------------------------------------------------------------------------------------

def output_problem(path: str | Path) -> str | None:
    """Why ``path`` cannot be written as a regular file (one phrase), or None if it can: its
    folder must exist and be writable, and nothing but a regular file may stand at the path."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        return f"cannot be written ({_reason(exc)})"
    if mode is not None and stat.S_ISDIR(mode):
        return "is a folder; give a file name"
    if not folder.is_dir():
        return f"cannot be written: the folder {folder} does not exist"
    if mode is not None and not stat.S_ISREG(mode):
        return f"is {kind_of(mode)}, not a regular file: refusing to replace it"
    if not os.access(folder, os.W_OK) or (mode is not None and not os.access(path, os.W_OK)):
        return "cannot be written (permission denied)"
    return None


def write_atomically(path: str | Path, content: str | bytes, error: ErrorType = FileError) -> None:
    """Write ``content`` (text as UTF-8) to the regular file ``path`` so that readers see the old
    file or the new one, never half; anything but a regular file at ``path`` is refused.

    The new file gets the permissions an ordinary write would give it (the old file's, or the
    default for a new file), not the owner-only ones of a temporary file. Any failure is
    ``error(message, path)`` naming ``path``, never the temporary file.
    """
    path = Path(path)
    problem = output_problem(path)
    if problem:
        raise error(problem, str(path))
    data = content.encode("utf-8") if isinstance(content, str) else content
    folder = path.parent if str(path.parent) else Path(".")
    try:
        mode = os.stat(path).st_mode & 0o777
    except OSError:
        mode = 0o666 & ~_umask()
    temporary = None
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        os.replace(temporary, path)
        temporary = None
        _sync_folder(folder)
    except OSError as exc:
        raise error(f"cannot be written ({_reason(exc)})", str(path)) from None
    finally:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass


def save_figure(figure, path: str | Path, error: ErrorType = FileError, **options) -> None:
    """Save a matplotlib ``figure`` (``options`` as ``savefig`` takes them) through
    :func:`write_atomically`: drawn in memory first, so matplotlib never opens ``path``."""
    import io

    buffer = io.BytesIO()
    figure.savefig(buffer, **options)
    write_atomically(path, buffer.getvalue(), error)


def open_for_append(path: str | Path, error: ErrorType = FileError) -> int:
    """A descriptor appending to the regular file ``path`` (created if missing); anything else
    at ``path`` (a device, a FIFO, a symbolic link, a folder) is refused, and never opened when
    ``lstat`` already shows it."""
    path = Path(path)
    problem = output_problem(path)
    if problem:
        raise error(problem, str(path))
    flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
             | getattr(os, "O_CLOEXEC", 0))
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as exc:  # something took its place since: a link (ELOOP), a FIFO (ENXIO)
        raise error(f"cannot be written ({_reason(exc)})", str(path)) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise error(f"is {kind_of(mode)}, not a regular file: refusing to write to it", str(path))
    os.set_blocking(fd, True)
    return fd


def _sync_folder(folder: Path) -> None:
    # The rename is durable only once the folder is; where folders cannot be opened, skip it.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _umask() -> int:
    # The only portable way to read the umask is to set it; set it straight back.
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def _size(limit: int) -> str:
    return f"{limit >> 20} MB" if limit >= 1 << 20 else f"{limit >> 10} KB" if limit >= 1 << 10 else f"{limit} bytes"


# -- showing ---------------------------------------------------------------------------------------

#: Characters that change how the text around them is shown: the bidirectional overrides,
#: embeddings and isolates, and the invisible marks.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def unsafe_character(text: str, allow: str = "") -> str | None:
    """The first control or bidirectional-formatting character of ``text`` (those in ``allow``
    excepted), or None."""
    for char in text:
        if char in allow:
            continue
        if char in _BIDI or unicodedata.category(char) in ("Cc", "Cs") or char in "\u2028\u2029":
            return char
    return None


def printable(text: object) -> str:
    """``text`` with every control or bidirectional-formatting character written as an escape
    (``\\x00``, ``\\u202e``): safe to print to a terminal or draw in the window."""
    text = str(text)
    if unsafe_character(text) is None:
        return text
    return "".join(repr(char)[1:-1] if unsafe_character(char) else char for char in text)


def print_line(text: object, file=None) -> None:
    """Print one line whose text may come from a file, made :func:`printable`."""
    print(printable(text), file=sys.stdout if file is None else file)
