"""Yatai's image builder (bentoml/yatai-image-builder 816fd1385bcc,
resources.yatai.ai): a BentoRequest asks the operator for a Bento's image.
Its pods are not modelled: the kind is listed so that a BentoRequest is
counted as a custom kind not searched, not as one searched where nothing was
found. What the operator makes depends on the cluster, not on the object
(controllers/resources/bentorequest_controller.go):

- ensureImageExists makes the image builder Job (generateImageBuilderJob,
  one pod) only when checkImageExists finds no such image in the registry;
- its builder container's resources (generateImageBuilderPodTemplateSpec,
  ``containerResources``) are ``spec.imageBuilderContainerResources`` where
  written, else the ``default_image_builder_container_resources`` of the
  operator's ConfigMap in the cluster, else none; its ``ca-bundle-init``
  init container comes of a Secret of the cluster, its
  ``model-downloader-<i>`` ones of the Bento's models as the Yatai API
  lists them (the ``bento-downloader`` init container alone is fixed:
  requests 100m/1000Mi, limits 1000m/3000Mi);
- ensureModelsExists makes a model seeder Job per model (generateModelSeederJob)
  of the same registry and API state.

A Bento (api/resources/v1alpha1/bento_types.go: the image a BentoRequest
produced, with its runners and models) is a record the BentoDeployment
(kinds_yatai.py) reads its image from; nothing makes a pod of it
(no_pods.py).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import WorkloadKind

YATAI_IMAGE_BUILDER_KINDS: Final = (
    WorkloadKind("resources.yatai.ai", "BentoRequest", (), "bentoml/yatai-image-builder apis/resources/v1alpha1/bentorequest_types.go"),
)
