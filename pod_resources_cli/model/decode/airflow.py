"""Airflow's pod template files: the base of every pod Airflow makes for a task, never applied as written.

Airflow's KubernetesExecutor reads its ``pod_template_file`` (``[kubernetes_executor] pod_template_file``, or a
task's ``executor_config["pod_template_file"]``) and builds each task's pod by reconciling three pods in turn: the
template, the pod the executor makes (its name, namespace, labels, and a main container named ``base`` with the
task's command and image) and the task's ``pod_override``, whose fields win, resources included; the template's
first container is merged with the ``base`` container (apache/airflow @0b3d3e975773
providers/cncf/kubernetes/src/airflow/providers/cncf/kubernetes/pod_generator.py ``PodGenerator.construct_pod``:
``main_container = k8s.V1Container(name="base", ...)``, ``pod_list = [base_worker_pod, dynamic_pod,
pod_override_object]``, ``reconcile_pods``/``reconcile_containers``). The KubernetesPodOperator does the same with
its ``pod_template_file`` and its own ``container_resources``. So what such a file's containers request is only the
start: a task may set its resources, and the file's name (``placeholder-name``, ``dummy-name``) is replaced.

Such a file is known by what Airflow requires of it and what it runs: a v1 Pod whose first container is named
``base`` and whose containers read Airflow's own configuration from the environment (an ``AIRFLOW__SECTION__KEY``
variable, ``AIRFLOW_HOME`` or an ``AIRFLOW_CONN_`` connection: airflow/configuration.py reads
``AIRFLOW__{SECTION}__{KEY}``). Its pod is linted only as written: no QoS class or eviction order is claimed of it.
"""

from __future__ import annotations

from typing import Any, Final

_MAIN: Final = "base"  # pod_generator.py construct_pod's main container; KubernetesPodOperator.base_container_name
_WHY: Final = (
    "an Airflow pod template file: Airflow builds each task's pod from it, merging the task's pod_override "
    "(and the KubernetesPodOperator's container_resources) into its first container, named base"
)


def airflow_pod_template(obj: Any) -> str | None:
    """Why ``obj``'s pod is only as written when it is an Airflow pod template file (module docstring), else None."""
    if not isinstance(obj, dict) or obj.get("kind") != "Pod" or obj.get("apiVersion") != "v1":
        return None
    spec = obj.get("spec")
    containers = spec.get("containers") if isinstance(spec, dict) else None
    if not isinstance(containers, list) or not containers or not isinstance(containers[0], dict):
        return None
    if containers[0].get("name") != _MAIN:
        return None
    for container in containers:
        env = container.get("env") if isinstance(container, dict) else None
        for var in env if isinstance(env, list) else ():
            name = var.get("name") if isinstance(var, dict) else None
            if isinstance(name, str) and (name.startswith(("AIRFLOW__", "AIRFLOW_CONN_")) or name == "AIRFLOW_HOME"):
                return _WHY
    return None
