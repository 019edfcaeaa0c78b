// EXTRACT of kubernetes/kubernetes staging/src/k8s.io/kube-scheduler/pkg/features/kube_features.go
// at commit ead35706ec68f83822a56d53b1577fa8a185ca14: the const block only
// (comments dropped), which pkg/features' constants refer to. Its versioned
// specs repeat pkg/features' entries for the same gates and are registered by
// SetupCurrentKubernetesSpecificFeatureGates (not read here).

package features

import (
	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/component-base/featuregate"
)

const (
	CompositePodGroup featuregate.Feature = "CompositePodGroup"
	DRAConsumableCapacity featuregate.Feature = "DRAConsumableCapacity"
	DRAFractionalCapacityRange featuregate.Feature = "DRAFractionalCapacityRange"
	DynamicResourceAllocation featuregate.Feature = "DynamicResourceAllocation"
	GenericWorkload featuregate.Feature = "GenericWorkload"
	TopologyAwareWorkloadScheduling featuregate.Feature = "TopologyAwareWorkloadScheduling"
)
