#!/bin/bash
#
# Copyright 2020-2021 The Kubeflow Authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#      http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" > /dev/null && pwd)"

CASES=(
  "base"
  "emissary"
  "managed-storage"
  "managed-storage-with-db-prefix"
)

for case in "${CASES[@]}"
do
  echo "Generating helm template for test/values-$case.yaml"
  helm template "my-release" "${DIR}/../chart/kubeflow-pipelines" \
    --namespace "kubeflow" \
    --values "${DIR}/values-$case.yaml" \
    > "${DIR}/snapshot-$case.yaml"
done
