#!/bin/bash

export ROOT_REPO=${ROOT_REPO:-${PWD}}

export DEPLOY_DIR="${DEPLOY_DIR:-${ROOT_REPO}/deploy}"
export TESTS_DIR="${TESTS_DIR:-${ROOT_REPO}/e2e-tests}"
export TESTS_CONFIG_DIR="${TESTS_CONFIG_DIR:-${TESTS_DIR}/conf}"
# shellcheck disable=SC2154
export TEST_CONFIG_DIR="${TESTS_DIR}/tests/${test_name}/conf"
# shellcheck disable=SC2154
export TEMP_DIR="/tmp/kuttl/pg/${test_name}"

# shellcheck disable=SC2155
export GIT_BRANCH=$(git rev-parse --abbrev-ref HEAD)
export VERSION=${VERSION:-$(echo "${GIT_BRANCH}" | sed -e 's^/^-^g; s^[.]^-^g;' | tr '[:upper:]' '[:lower:]')}

# Skip warning checks used for documentation by default
export SKIP_TEST_WARNINGS=${SKIP_TEST_WARNINGS:-"true"}

# K8S upgrade test
export K8S_UPGRADE_PLATFORM=${K8S_UPGRADE_PLATFORM:-"gke"}
export K8S_UPGRADE_REGION=${K8S_UPGRADE_REGION:-"us-central1-a"}
export K8S_UPGRADE_INITIAL_VERSION=${K8S_UPGRADE_INITIAL_VERSION:-""}
export K8S_UPGRADE_FINAL_VERSION=${K8S_UPGRADE_FINAL_VERSION:-""}

function detect_k8s_platform() {
	local detected_platform
	local xtrace_enabled=false

	if [[ -o xtrace ]]; then
		xtrace_enabled=true
		set +o xtrace
	fi

	if [[ -n ${PLATFORM:-} ]]; then
		detected_platform="${PLATFORM}"
	elif kubectl get namespace openshift-kube-apiserver >/dev/null 2>&1; then
		detected_platform="openshift"
	elif kubectl get nodes -o jsonpath='{.items[0].metadata.labels}' 2>/dev/null | grep -q 'eksctl.io'; then
		detected_platform="eks"
	elif kubectl get nodes -o jsonpath='{.items[0].metadata.labels}' 2>/dev/null | grep -q 'cloud.google.com/gke'; then
		detected_platform="gke"
	elif kubectl get nodes -o jsonpath='{.items[0].metadata.labels}' 2>/dev/null | grep -q 'kubernetes.azure.com'; then
		detected_platform="aks"
	elif kubectl get nodes -o jsonpath='{.items[0].spec.providerID}' 2>/dev/null | grep -qi 'digitalocean://'; then
		detected_platform="doks"
	elif kubectl get nodes -o jsonpath='{.items[0].spec.providerID}' 2>/dev/null | grep -qi 'kind://'; then
		detected_platform="kind"
	elif kubectl get nodes -o jsonpath='{.items[0].spec.providerID}' 2>/dev/null | grep -qi 'minikube'; then
		detected_platform="minikube"
	elif kubectl get nodes -o jsonpath='{.items[0].spec.providerID}' 2>/dev/null | grep -qi 'rke2'; then
		detected_platform="rancher"
	else
		detected_platform="unknown"
	fi

	echo "${detected_platform}"

	if [[ ${xtrace_enabled} == true ]]; then
		set -o xtrace
	fi
}

if [[ -z ${PLATFORM:-} ]]; then
	PLATFORM="$(detect_k8s_platform)"
	export PLATFORM
fi

export IMAGE_BASE=${IMAGE_BASE:-"perconalab/percona-postgresql-operator"}
export IMAGE=${IMAGE:-"${IMAGE_BASE}:${VERSION}"}
# Extract major PG version from IMAGE_POSTGRESQL when PG_VER is unset.
# Matches: -ppgN-postgres | -postgresN-community | *:N / *:N.x
if [[ ! $PG_VER && $IMAGE_POSTGRESQL ]]; then
	pg_version_value=$(echo "$IMAGE_POSTGRESQL" | sed -nE 's/.*(-ppg|-postgres|:)([0-9]+)([.-]|$).*/\2/p')
	export PG_VER="${pg_version_value}"
else
	export PG_VER="${PG_VER:-18}"
fi

export PG_DISTRIBUTION="${PG_DISTRIBUTION:-}"

if [[ $PG_DISTRIBUTION == "community" ]]; then
	export IMAGE_PGBOUNCER=${IMAGE_PGBOUNCER:-"${IMAGE_BASE}:main-pgbouncer-community"}
	export IMAGE_POSTGRESQL=${IMAGE_POSTGRESQL:-"${IMAGE_BASE}:main-postgres${PG_VER}-community"}
	export IMAGE_BACKREST=${IMAGE_BACKREST:-"${IMAGE_BASE}:main-pgbackrest-community"}
	export IMAGE_UPGRADE=${IMAGE_UPGRADE:-"${IMAGE_BASE}:main-upgrade-community"}
else
	export IMAGE_PGBOUNCER=${IMAGE_PGBOUNCER:-"${IMAGE_BASE}:main-pgbouncer$PG_VER"}
	export IMAGE_POSTGRESQL=${IMAGE_POSTGRESQL:-"${IMAGE_BASE}:main-ppg$PG_VER-postgres"}
	export IMAGE_BACKREST=${IMAGE_BACKREST:-"${IMAGE_BASE}:main-pgbackrest$PG_VER"}
	export IMAGE_UPGRADE=${IMAGE_UPGRADE:-"${IMAGE_BASE}:main-upgrade"}
fi
export BUCKET=${BUCKET:-"pg-operator-testing"}
export PMM_SERVER_VERSION=${PMM_SERVER_VERSION:-"9.9.9"}
export IMAGE_PMM_CLIENT=${IMAGE_PMM_CLIENT:-"perconalab/pmm-client:3-dev-latest"}
export IMAGE_PMM_SERVER=${IMAGE_PMM_SERVER:-"perconalab/pmm-server:3-dev-latest"}
export IMAGE_LOGCOLLECTOR=${IMAGE_LOGCOLLECTOR:-"perconalab/fluentbit:main-logcollector"}
export PGOV1_TAG=${PGOV1_TAG:-"1.4.0"}
export PGOV1_VER=${PGOV1_VER:-"14"}
export CPGO_VERSION=${CPGO_VERSION:-"5.8.7"}
export MINIO_VER="5.4.0"
export VAULT_VER="0.32.0"

# Add 'docker.io' for images that are provided without registry
export REGISTRY_NAME="docker.io"
export REGISTRY_NAME_FULL="${REGISTRY_NAME}/"

for var in $(printenv | grep -E '^IMAGE' | awk -F'=' '{print $1}'); do
	var_value=$(eval "echo \$$var")
	if [[ $var_value == docker.io/* ]]; then
		continue
	fi
	if [[ $var_value == percona/* || $var_value == perconalab/* ]]; then
		new_value="${REGISTRY_NAME_FULL}${var_value}"
		export "$var"="$new_value"
		echo "$var"="$new_value"
	fi
	echo "$IMAGE"
done

# shellcheck disable=SC2034
date=$(which gdate || which date)
# shellcheck disable=SC2034
sed=$(which gsed || which sed)
