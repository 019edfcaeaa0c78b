"""pod-resources: what Kubernetes will do with a pod's resources, without a cluster."""

from pod_resources_cli import _codecache

_codecache.install()  # before any class of the package is defined

__version__ = "0.1.0"

# Where the project lives; SARIF and the GitLab report link each rule to its page there.
HOMEPAGE = "https://github.com/pod-resources/pod-resources"


def rule_doc_url(code: str) -> str:
    """The rule's page (docs/rules/CODE.md) at this release's tag."""
    return f"{HOMEPAGE}/blob/v{__version__}/docs/rules/{code}.md"
