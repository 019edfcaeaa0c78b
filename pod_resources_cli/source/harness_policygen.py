"""Open Cluster Management's Policy Generator: the manifests it wraps in policies that never create them.

open-cluster-management-io/policy-generator-plugin @5c9299868f2ff51ee28c9647f4e986ccb2ad53fe is a kustomize
generator plugin: a kustomization's ``generators`` name a ``PolicyGenerator`` (policy.open-cluster-management.io/v1)
whose ``policies[].manifests[].path`` (a file, or a directory's own ``.yaml``/``.yml`` files:
internal/utils.go getManifests; relative to the directory kustomize runs it in, the kustomization's:
cmd/PolicyGenerator/main.go processGeneratorConfig ``os.Getwd``) are wrapped, each object as an
``object-templates[].objectDefinition`` of a ConfigurationPolicy, into a Policy the hub propagates to the managed
clusters. What the config-policy-controller then does with the object is the manifest's ``complianceType`` and
``remediationAction``, each the manifest's, else its policy's, else ``policyDefaults``', else the plugin's
defaults ``musthave`` and ``inform`` (internal/plugin.go ``defaults``, applyDefaults):

- ``inform`` (and ``informOnly``): the controller only reports whether the cluster has an object matching it;
  nothing is created;
- ``mustnothave``: the object is to be absent; enforced, the controller deletes it;
- ``enforce`` with ``musthave`` or ``mustonlyhave``: the controller creates the object (or merges it into the one
  there): applied;
- a policy with ``disabled: true`` (its own, else ``policyDefaults``') is propagated but not acted on.

A manifest that some policy of some generator enforces with ``musthave`` or ``mustonlyhave`` is applied, and linted
as written; one every naming policy only informs about, deletes or disables is a generator's input, never created,
and skipped as such with that reason (open-cluster-management-io/policy-collection @b264336d4899
policygenerator/policy-sets/stable/openshift-plus: ``input-sensor/policy-acs-central-ca-bundle-v1.yaml``, a Job
named only to be deleted (``complianceType: mustnothave``), gave a false "the workload has no pod template"
error; policygenerator/kustomize's inform policy wraps a Deployment never applied).

Read: the kustomization files of the file's directory and its ancestors (up to the run's root, else the project),
the generator files their ``generators`` name inside the repository, 1 MiB each. A directory holding a kustomization
that a manifest path names is built by the plugin with kustomize: its files are not claimed here.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import lru_cache
from typing import Any, Final

from pod_resources_cli.model.items import KUSTOMIZE_INPUT
from pod_resources_cli.records import dataclass
from pod_resources_cli.source.harness_files import _dict, _dicts, _strings, read_text, shown  # the harness readers' own
from pod_resources_cli.source.listing import listing

_GROUP: Final = "policy.open-cluster-management.io"
_KIND: Final = "PolicyGenerator"
_KUSTOMIZATION_FILES: Final = ("kustomization.yaml", "kustomization.yml", "Kustomization")
_MANIFEST_SUFFIXES: Final = (".yaml", ".yml")
_APPLYING: Final = frozenset({"musthave", "mustonlyhave"})
_SOURCE: Final = "open-cluster-management-io/policy-generator-plugin internal/plugin.go applyDefaults"


@dataclass(frozen=True, slots=True)
class Use:
    """One policy's manifest entry, with the values the plugin settles on."""

    config: str  # the PolicyGenerator file
    policy: str
    remediation: str  # lower case
    compliance: str  # lower case
    disabled: bool

    @property
    def applies(self) -> bool:
        return not self.disabled and self.remediation == "enforce" and self.compliance in _APPLYING

    def why(self) -> str:
        if self.disabled:
            what = "is disabled: nothing acts on it"
        elif self.compliance == "mustnothave":
            what = "requires its absence (complianceType mustnothave): deleted where enforced, never created"
        else:
            what = f"only reports whether the clusters have it (remediationAction {self.remediation}): never created"
        return f"a PolicyGenerator's manifest ({shown(self.config)}): its policy {self.policy} {what} ({_SOURCE})"


def generator_input(full: str, ancestors: Iterable[str]) -> tuple[str, str] | None:
    """(KUSTOMIZE_INPUT, why) for a manifest every PolicyGenerator that names it leaves uncreated, else None."""
    uses: list[Use] = []
    for directory in ancestors:
        uses.extend(_uses_in(directory).get(full, ()))
    if not uses or any(u.applies for u in uses):
        return None
    return KUSTOMIZE_INPUT, uses[0].why()


@lru_cache(maxsize=1024)
def _uses_in(directory: str) -> dict[str, tuple[Use, ...]]:
    """The manifest files the PolicyGenerators of ``directory``'s kustomization name, with each entry's values."""
    present = listing(directory).present
    name = next((n for n in _KUSTOMIZATION_FILES if n in present), None)
    if name is None:
        return {}
    found: dict[str, list[Use]] = {}
    for kustomization in _documents(os.path.join(directory, name)):
        for generator in _strings(kustomization.get("generators")):
            if "://" in generator:
                continue
            config = os.path.normpath(os.path.join(directory, generator))
            if not _inside(config, directory):
                continue  # a name, never a file to open outside the repository
            for doc in _documents(config):
                if doc.get("kind") == _KIND and str(doc.get("apiVersion", "")).partition("/")[0] == _GROUP:
                    for path, use in _entries(doc, config, directory):
                        found.setdefault(path, []).append(use)
    return {path: tuple(uses) for path, uses in found.items()}


def _entries(doc: dict[str, Any], config: str, base: str) -> Iterable[tuple[str, Use]]:
    defaults = _dict(doc.get("policyDefaults"))
    for policy in _dicts(doc.get("policies")):
        name = policy.get("name") if isinstance(policy.get("name"), str) else "<unnamed>"
        disabled = policy.get("disabled", defaults.get("disabled", False)) is True
        policy_action = _word(policy.get("remediationAction")) or _word(defaults.get("remediationAction")) or "inform"
        policy_type = _word(policy.get("complianceType")) or _word(defaults.get("complianceType")) or "musthave"
        for manifest in _dicts(policy.get("manifests")):
            path = manifest.get("path")
            if not isinstance(path, str) or not path or "://" in path:
                continue
            use = Use(config, str(name), _word(manifest.get("remediationAction")) or policy_action,
                      _word(manifest.get("complianceType")) or policy_type, disabled)  # fmt: skip
            for file in _files(os.path.normpath(os.path.join(base, path)), base):
                yield file, use


def _files(path: str, base: str) -> list[str]:
    """A manifest path's files: the file, or a directory's own YAML files (none where it holds a kustomization)."""
    if not _inside(path, base):
        return []
    if os.path.isfile(path):
        return [path]
    if not os.path.isdir(path):
        return []
    entries = listing(path)
    if any(n in entries.present for n in _KUSTOMIZATION_FILES):
        return []  # built by the plugin with kustomize: its resources are the kustomization's
    return [os.path.join(path, n) for n in entries.names if n.endswith(_MANIFEST_SUFFIXES) and entries.is_file(n)]


@lru_cache(maxsize=256)
def _documents(path: str) -> tuple[dict[str, Any], ...]:
    if os.path.islink(path) or not os.path.isfile(path):  # a link could lead out of the repository: not followed
        return ()
    text = read_text(path)
    if text is None or ("generators" not in text and _KIND not in text):
        return ()
    from pod_resources_cli.source.yamldoc import Document, load_documents

    return tuple(d.data for d in load_documents(path, text.encode()) if isinstance(d, Document) and isinstance(d.data, dict))


def _inside(path: str, beside: str) -> bool:
    from pod_resources_cli.source.boundary import Boundary

    return Boundary.of([beside]).contains(path)


def _word(value: Any) -> str | None:
    return value.lower() if isinstance(value, str) and value else None

