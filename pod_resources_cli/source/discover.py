"""PATH arguments -> manifest files in a stable order, and their documents.

A directory is searched recursively for ``*.yaml``, ``*.yml`` and ``*.json``
regular files; the result is sorted, so the output does not depend on the
file system. Symlinked directories are followed once each (a loop is cut
where it closes, by device and inode). Inside a directory, a manifest-named
entry that cannot be read (a broken or looping symlink, no permission) and a
directory that cannot be listed are kept, so that reading them reports the
problem with its path. Nothing outside the run's roots is listed
(source/boundary.py): a symlink whose target leaves the repository, and a
FIFO, socket or device met while walking, are refused with the reason, for
the run to say (``Listing.refused``). Only a path named on the command line
is read when it is a pipe, so ``<(helm template ...)`` works; a device named
there is refused when read. ``-`` is standard input, reported as
``<stdin>`` or under the name the caller gives it (``--stdin-filename``:
an editor's buffer or pre-commit's file, which need not exist on disk).

A path named twice (``dir dir/a.yaml``, ``./dir/../dir/a.yaml``) is read
once, where it first appears: its pods would otherwise be counted twice
(against a ResourceQuota, or by ``admit``).

Only a regular file can be read twice (``file_mentions``' cheap first pass,
then the documents): standard input and every other path that is not one (a
pipe, a FIFO, ``/dev/stdin``, a character device) is a stream, read once.

A path named on the command line that does not exist is an InputError
(exit 2); every other problem is a located ParseFailure for that file only.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Iterator, Sequence
from typing import BinaryIO, Final

from pod_resources_cli.errors import InputError
from pod_resources_cli.records import dataclass, field
from pod_resources_cli.source.boundary import Boundary, Refused, open_regular, open_stream
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits
from pod_resources_cli.source.split import Piece, iter_pieces
from pod_resources_cli.source.yamldoc import Document, ParseFailure, load_piece, read_blocks

MANIFEST_SUFFIXES = (".yaml", ".yml", ".json")
JSONNET_SUFFIX = ".jsonnet"  # a Jsonnet program: never read, said in a note (source/jsonnet_files.py)
STDIN = "-"
STDIN_NAME = "<stdin>"


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A file's bytes, or None and why it cannot be read."""

    path: str
    data: bytes | None
    error: str | None = None


@dataclass(slots=True)
class Listing:
    """The files of some PATH arguments, and the entries refused (not read)."""

    files: list[str] = field(default_factory=list)
    refused: list[tuple[str, Refused]] = field(default_factory=list)
    # the regular files a directory's walk met (no symlink), with their sizes: the one stat a file
    # costs the parent; what is read later is checked again as it is opened (boundary.open_regular)
    sizes: dict[str, int] = field(default_factory=dict)
    # the regular ``*.jsonnet`` files a directory's walk met: programs whose output is manifests, not read
    jsonnet: list[str] = field(default_factory=list)


def expand_paths(paths: Sequence[str], boundary: Boundary | None = None) -> list[str]:
    """The files named by ``paths`` (checked to exist), directories expanded,
    each file once (the first time it is named, as it was spelled); what the
    boundary refuses is left out (``list_inputs`` says what)."""
    return list_inputs(paths, boundary).files


def list_inputs(paths: Sequence[str], boundary: Boundary | None = None) -> Listing:
    """``expand_paths``, with what was refused and why. ``boundary``: the
    run's roots (by default those of ``paths``)."""
    boundary = boundary or Boundary.of(list(paths))
    listing = Listing()
    for path in paths:
        if path == STDIN:
            listing.files.append(STDIN)
        elif os.path.isdir(path):
            refused = boundary.refusal(path)
            if refused is not None:
                listing.refused.append((path, refused))
            else:
                _walk(path, boundary, listing)
        elif os.path.lexists(path):
            refused = boundary.refusal(path) if is_regular(path) else None  # a pipe named here is the user's
            if refused is not None:
                listing.refused.append((path, refused))
            else:
                listing.files.append(path)
        else:
            raise InputError(f"{path}: no such file or directory")
    walked_alone = len(paths) == 1 and len(listing.sizes) == len(listing.files)
    if not walked_alone:  # one directory's walk, no link met: its files are distinct already (directories by device and inode)
        listing.files = _unique(listing.files, listing.sizes)
    return listing


def _unique(paths: list[str], walked: dict[str, int]) -> list[str]:
    """``paths`` without a file met before under another spelling (resolved
    path). ``-`` is kept every time: it is no file name. ``walked``: files a
    walk met that are no symlinks (nothing to resolve but their directory)."""
    seen: set[str] = set()
    out: list[str] = []
    directories: dict[str, str] = {}  # resolved once each: a directory holds thousands of files
    for path in paths:
        if path != STDIN:
            head, name = os.path.split(path)
            if head not in directories:
                directories[head] = os.path.realpath(head)
            # realpath(path), without resolving the directory again for each of its files
            linked = path not in walked and os.path.islink(path)
            key = os.path.realpath(path) if linked else os.path.join(directories[head], name)
            if key in seen:
                continue
            seen.add(key)
        out.append(path)
    return out


def stdin_buffer() -> BinaryIO:
    """Standard input's bytes; InputError (exit 2) when the process has none
    (started with it closed, ``<&-``)."""
    stream = sys.stdin
    if stream is None or getattr(stream, "closed", False):
        raise InputError("-: standard input is closed: there is nothing to read")
    return stream.buffer


def is_stream(path: str) -> bool:
    """Standard input, or an existing path that is neither a regular file nor
    a directory (a pipe, a FIFO, ``/dev/stdin``, a device): it can be read
    once only, so nothing may read it ahead (and reading a FIFO twice would
    wait forever for a second writer). Only looks (stat), never opens."""
    if path == STDIN:
        return True
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False  # reading it reports why
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def is_regular(path: str) -> bool:
    """A regular file (symlinks followed): the only kind read more than once."""
    if path == STDIN:
        return False
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _walk(root: str, boundary: Boundary, listing: Listing) -> None:
    found: list[str] = []
    seen: set[tuple[int, int]] = set()
    pending = [root]
    while pending:
        directory = pending.pop()
        try:
            info = os.stat(directory)
            if (info.st_dev, info.st_ino) in seen:
                continue  # a symlink loop, or a directory reached twice
            seen.add((info.st_dev, info.st_ino))
            with os.scandir(directory) as entries:
                listed = list(entries)
        except OSError:
            found.append(directory)  # reading it reports why
            continue
        for entry in listed:
            manifest = entry.name.endswith(MANIFEST_SUFFIXES)
            try:
                if entry.is_symlink():
                    refused = boundary.refusal(entry.path)  # only a link can lead out: resolve those
                    if refused is not None:
                        if manifest or entry.is_dir():
                            listing.refused.append((entry.path, refused))
                        continue
                if entry.is_dir():
                    pending.append(entry.path)
                    continue
                is_file = entry.is_file()
            except OSError:
                is_file = False
            if not manifest:
                if is_file and entry.name.endswith(JSONNET_SUFFIX) and not entry.is_symlink():
                    listing.jsonnet.append(entry.path)
                continue
            if is_file or entry.is_symlink():
                found.append(entry.path)  # a broken or looping symlink is reported when read
                if is_file and not entry.is_symlink():
                    try:
                        listing.sizes[entry.path] = entry.stat(follow_symlinks=False).st_size
                    except OSError:
                        pass  # gone since: reading it reports why
            else:
                refused = boundary.refusal(entry.path)
                if refused is not None:  # a FIFO, socket or device with a manifest's name
                    listing.refused.append((entry.path, refused))
    found.sort()
    listing.files.extend(found)
    listing.refused.sort(key=lambda r: r[0])


def load_path(
    path: str, limits: Limits = DEFAULT_LIMITS, *, stdin_name: str = STDIN_NAME
) -> Iterator[Document | ParseFailure]:
    """The documents of one file (``-``: standard input, named ``stdin_name``), read as a stream.

    A file that cannot be opened or read yields a ParseFailure saying why.
    """
    for piece in source_pieces(path, limits, stdin_name=stdin_name):
        yield from load_piece(piece, limits)


def source_pieces(path: str, limits: Limits = DEFAULT_LIMITS, *, stdin_name: str = STDIN_NAME) -> Iterator[Piece]:
    """One file (``-``: standard input, named ``stdin_name``) cut into document pieces as it is read.

    A stream (standard input, a pipe, a FIFO: ``helm template ... | pod-resources lint -``)
    is one deployment unit, as ``kubectl apply -f -`` applies it: its pieces
    are marked with its name (split.Piece.unit)."""
    if path == STDIN:
        yield from iter_pieces(stdin_name, read_blocks(stdin_buffer()), limits, unit=STDIN_NAME)
        return
    if os.path.isdir(path):
        yield Piece(path, b"", 1, 0, _directory_problem(path))
        return
    try:
        fh = open_stream(path)  # never blocks: a pipe named on the command line gets a time limit, a device is refused
    except OSError as exc:
        yield Piece(path, b"", 1, 0, f"cannot read: {_why(exc, path)}")
        return
    with fh:
        last: Piece | None = None
        try:
            unit = None if stat.S_ISREG(os.fstat(fh.fileno()).st_mode) else path
            for last in iter_pieces(path, read_blocks(fh), limits, unit=unit):
                yield last
        except OSError as exc:
            line, index = (last.line, last.index + 1) if last is not None else (1, 0)
            yield Piece(path, b"", line, index, f"cannot read: {exc.strerror or exc}")


def file_mentions(path: str, markers: Sequence[bytes]) -> bool:
    """A cheap byte scan for any of ``markers``, block by block (a marker split
    across two blocks is still found); an unreadable file mentions nothing.

    Only a regular file is scanned: a stream (``is_stream``) would be consumed
    here and found empty when its documents are read, so it mentions nothing
    and its policies are met on the way, as on standard input."""
    if not is_regular(path):
        return False
    keep = max(len(m) for m in markers)
    tail = b""
    try:
        with open_regular(path) as fh:
            while block := fh.read(1 << 20):
                window = tail + block
                if any(m in window for m in markers):
                    return True
                tail = window[-keep:]
    except OSError:
        return False
    return False


SCAN_BLOCK: Final = 1 << 20  # bytes of a large file one worker scans (``range_mentions``)


def scan_ranges(path: str, size: int, markers: Sequence[bytes], block: int = SCAN_BLOCK) -> list[tuple[str, int, int]]:
    """``path``'s bytes as ``(path, start, stop)`` ranges of ``block`` bytes, each
    reaching into the next by a marker's length less one: every marker the
    file holds lies whole in one range."""
    reach = max(len(m) for m in markers) - 1
    return [(path, start, min(size, start + block + reach)) for start in range(0, size, block)]


def range_mentions(span: tuple[str, int, int], markers: Sequence[bytes]) -> bool:
    """Whether the bytes ``start:stop`` of a regular file hold any of ``markers``
    (``file_mentions`` for one range, so that workers share a large file's scan)."""
    path, start, stop = span
    try:
        with open_regular(path) as fh:
            fh.seek(start)
            data = fh.read(stop - start)
    except OSError:
        return False
    return any(m in data for m in markers)


def _directory_problem(path: str) -> str:
    try:
        os.listdir(path)
    except OSError as exc:
        return f"cannot list directory: {exc.strerror or exc}"
    return "is a directory"


def read_source(path: str, max_bytes: int | None = None, *, named: bool = False) -> SourceFile:
    """A whole file in memory (small inputs such as node files): a regular
    file, or with ``named`` (the user named it) also a pipe, with a time
    limit for its first byte. Never blocks on a FIFO or reads a device.

    With ``max_bytes``, at most one byte more than that is read, so a caller
    can tell the file is too large without holding all of it.
    """
    limit = max_bytes + 1 if max_bytes else -1
    if path == STDIN:
        return SourceFile(STDIN_NAME, stdin_buffer().read(limit))
    try:
        if stat.S_ISDIR(os.stat(path).st_mode):
            return SourceFile(path, None, _directory_problem(path))
        with (open_stream if named else open_regular)(path) as fh:
            data = fh.read(limit)
    except OSError as exc:
        return SourceFile(path, None, _why(exc, path))
    return SourceFile(path, data)


def _why(exc: OSError, path: str | None = None) -> str:
    if isinstance(exc, Refused):
        return exc.message
    if exc.errno == errno.ENOENT and path is not None and os.path.islink(path):
        try:  # the link's own text: nothing it names is opened
            return f"a symbolic link to {os.readlink(path)}, which does not exist"
        except OSError:
            pass
    return exc.strerror or str(exc)


def iter_sources(paths: Sequence[str], max_bytes: int | None = None) -> Iterator[SourceFile]:
    for path in expand_paths(paths):
        yield read_source(path, max_bytes, named=True)
