"""ExplainReport -> YAML: ``-o yaml``, the same data as ``-o json`` (render/explain_json.py).

The only explain renderer that needs ruamel.yaml, imported when the format is asked for.
"""

from __future__ import annotations

import io

from pod_resources_cli.analysis.report import ExplainReport
from pod_resources_cli.render.explain_json import report_dict


def render_yaml(report: ExplainReport, pre_release: dict[str, str] | None = None) -> str:
    """YAML of report_dict, in the contract's field order."""
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.representer.sort_base_mapping_type_on_output = False  # keep the contract's field order
    out = io.StringIO()
    yaml.dump(report_dict(report, pre_release), out)
    return out.getvalue()
