"""What every command reads of its PATHs, read the same way by lint,
explain, admit and diff: the same files, the same renders, the same skips,
the same counts and notes.

``read_inputs`` plans the PATHs (source/layout.py: charts and
kustomizations found, templates, patches and test-harness files skipped,
nothing outside the repository's root) and runs each render once
(source/render.py). The ``Reading`` it returns gives the input in the units
workers take, in order, and the documents holding policies, read first; the
caller closes it (a render's output is a temporary file).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from pod_resources_cli.model.items import SkippedEntry
from pod_resources_cli.records import dataclass
from pod_resources_cli.source.discover import STDIN_NAME
from pod_resources_cli.source.layout import NO_TOOLS, Origins, Plan, Sources, Tools
from pod_resources_cli.source.limits import Limits

if TYPE_CHECKING:
    from pod_resources_cli.model.items import Summary
    from pod_resources_cli.source.chunks import Unit
    from pod_resources_cli.source.yamldoc import Document


@dataclass(slots=True)
class Reading:
    """An executed plan: its input in order, what it skipped and noted."""

    plan: Plan
    origins: dict[str, Origins]  # each kustomize build's sources (render.plan_origins), by the name its pieces carry

    @property
    def sources(self) -> Sources:
        """Where kustomize output's objects come from, and the files an unbuilt kustomization changes."""
        return Sources(self.origins, self.plan.unbuilt)

    @property
    def files(self) -> int:
        """Files the run read or skipped: a render counts each file it built from."""
        from pod_resources_cli.source.layout import Rendered

        covered = sum(len(e.render.covers) for e in self.plan.entries if isinstance(e, Rendered))
        return len(self.plan.files) + covered + len(self.plan.skipped)

    @property
    def streamed(self) -> bool:
        """Part of the input is read once (standard input, a pipe): policies may still be met on the way."""
        from pod_resources_cli.source.discover import is_stream

        sizes = self.plan.sizes  # regular files, known without a stat
        return any(path not in sizes and is_stream(path) for path in self.plan.files)

    @property
    def notes(self) -> list[str]:
        return self.plan.notes

    def skipped(self) -> list[SkippedEntry]:
        """The files skipped before any was read, each with its reason."""
        from pod_resources_cli.run.pipeline import plan_skipped

        return [SkippedEntry.of(item) for item in plan_skipped(self.plan)]

    def count_into(self, summary: Summary) -> None:
        """The files, the skipped files and the notes into a run's summary."""
        summary.files += self.files
        for entry in self.skipped():
            summary.add_skipped(entry.reason, entry.kind)
        summary.notes.extend(self.notes)

    def units(self, limits: Limits, stdin_name: str = STDIN_NAME) -> Iterator[Unit]:
        """The input in order, in the units workers take: files in chunks
        (source/chunks.py), standard input and renders' output in pieces
        (Helm's documents named after their templates)."""
        from pod_resources_cli.source.chunks import source_units
        from pod_resources_cli.source.discover import STDIN, source_pieces

        sizes = self.plan.sizes
        for entry in self.plan.entries:
            if entry == STDIN:
                from pod_resources_cli.source.render import helm_source  # `helm template ... | pod-resources lint -`

                yield from map(helm_source, source_pieces(STDIN, limits, stdin_name=stdin_name))
            elif isinstance(entry, str):
                yield from source_units(entry, limits, known=sizes.get(entry))  # a pipe named here is one deployment unit, read in this process
            else:
                from pod_resources_cli.source.render import rendered_pieces

                yield from rendered_pieces(entry, limits)  # type: ignore[arg-type]  # executed: a Render is now Rendered

    def policy_documents(self, limits: Limits, jobs: int | None, keep: Callable[[Any], bool] | None = None) -> Iterator[Document]:
        """The documents ``keep`` takes (by default: those holding a
        LimitRange, ResourceQuota or PriorityClass) of the regular files and
        the renders that name a policy kind, read as the second pass reads
        them: same places, same deployment units. Streams are left alone:
        their policies are met on the way."""
        from pod_resources_cli.run.policy_pass import holds_policies, policy_documents
        from pod_resources_cli.source.layout import Rendered

        wanted = keep or holds_policies
        rendered = [e for e in self.plan.entries if isinstance(e, Rendered)]
        files = policy_documents(self.plan.files, limits, jobs, wanted, self.plan.sizes)
        if not rendered:
            return files
        from pod_resources_cli.lint.namespace import POLICY_MARKERS, mentions_policies
        from pod_resources_cli.source.render import load_plan_piece, rendered_mentions, rendered_pieces
        from pod_resources_cli.source.yamldoc import Document

        in_renders = (
            doc for r in rendered if rendered_mentions(r, POLICY_MARKERS)
            for piece in rendered_pieces(r, limits) if mentions_policies(piece.data)
            for doc in load_plan_piece(piece, limits, self.sources) if isinstance(doc, Document) and wanted(doc.data)
        )  # fmt: skip
        return itertools.chain(files, in_renders)

    def close(self) -> None:
        """Removes the renders' outputs."""
        from pod_resources_cli.source.layout import Rendered

        if any(isinstance(e, Rendered) for e in self.plan.entries):
            from pod_resources_cli.source.render import close_plan

            close_plan(self.plan)


def read_inputs(
    paths: Sequence[str],
    tools: Tools = NO_TOOLS,
    helm_values: Sequence[str] = (),
    helm_set: Sequence[str] = (),
    root: str | None = None,
) -> Reading:
    """The PATHs planned and rendered (``tools``: the renderers, NO_TOOLS for
    ``--no-render``). ``root``: the run's one root (nothing outside it is
    read); by default each path's own (source/boundary.py). Raises
    InputError for a path that does not exist, before anything is read."""
    import os

    from pod_resources_cli.source.boundary import Boundary
    from pod_resources_cli.source.layout import Render, plan_inputs

    boundary = Boundary((os.path.realpath(root),)) if root is not None else None
    plan = plan_inputs(paths, tools, boundary)
    if not any(isinstance(e, Render) for e in plan.entries):
        return Reading(plan, {})  # nothing to render: no render code loaded (pre-commit's one file)
    from pod_resources_cli.source.render import execute, plan_origins

    plan = execute(plan, tools, helm_values, helm_set)
    return Reading(plan, plan_origins(plan))
