// Excerpt of the transcription of kubernetes pkg/features/kube_features.go at ead35706ec68f83822a56d53b1577fa8a185ca14
// (1.38 development, read through the code index): lines kept verbatim, others left out.

package features

import (
	apiextensionsfeatures "k8s.io/apiextensions-apiserver/pkg/features"
	"k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/apimachinery/pkg/util/version"
	genericfeatures "k8s.io/apiserver/pkg/features"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	clientfeatures "k8s.io/client-go/features"
	"k8s.io/component-base/featuregate"
	zpagesfeatures "k8s.io/component-base/zpages/features"
	kcmfeatures "k8s.io/controller-manager/pkg/features"
	schedulerfeatures "k8s.io/kube-scheduler/pkg/features"
)

const (
	CompositePodGroup featuregate.Feature = schedulerfeatures.CompositePodGroup
	DRAConsumableCapacity featuregate.Feature = schedulerfeatures.DRAConsumableCapacity
	DRAFractionalCapacityRange featuregate.Feature = schedulerfeatures.DRAFractionalCapacityRange
	DynamicResourceAllocation featuregate.Feature = schedulerfeatures.DynamicResourceAllocation
	GenericWorkload featuregate.Feature = schedulerfeatures.GenericWorkload
	TopologyAwareWorkloadScheduling featuregate.Feature = schedulerfeatures.TopologyAwareWorkloadScheduling
)

var defaultVersionedKubernetesFeatureGates = map[featuregate.Feature]featuregate.VersionedSpecs{
	CompositePodGroup: {
		{Version: version.MustParse("1.37"), Default: false, PreRelease: featuregate.Alpha},
	},
	DRAConsumableCapacity: {
		{Version: version.MustParse("1.34"), Default: false, PreRelease: featuregate.Alpha},
		{Version: version.MustParse("1.36"), Default: true, PreRelease: featuregate.Beta},
	},
	DRAFractionalCapacityRange: {
		{Version: version.MustParse("1.37"), Default: false, PreRelease: featuregate.Beta},
		{Version: version.MustParse("1.37"), Default: true, PreRelease: featuregate.Beta, MinCompatibilityVersion: version.MustParse("1.37")},
	},
	DynamicResourceAllocation: {
		{Version: version.MustParse("1.26"), Default: false, PreRelease: featuregate.Alpha},
		{Version: version.MustParse("1.32"), Default: false, PreRelease: featuregate.Beta},
		{Version: version.MustParse("1.34"), Default: true, PreRelease: featuregate.GA},
		{Version: version.MustParse("1.35"), Default: true, PreRelease: featuregate.GA, LockToDefault: true},
	},
	GenericWorkload: {
		{Version: version.MustParse("1.35"), Default: false, PreRelease: featuregate.Alpha},
		{Version: version.MustParse("1.37"), Default: false, PreRelease: featuregate.Beta},
	},
	TopologyAwareWorkloadScheduling: {
		{Version: version.MustParse("1.36"), Default: false, PreRelease: featuregate.Alpha},
	},
}

var defaultKubernetesFeatureGateDependencies = map[featuregate.Feature][]featuregate.Feature{
	CompositePodGroup: {GenericWorkload, TopologyAwareWorkloadScheduling},
	DRAConsumableCapacity: {DynamicResourceAllocation},
	DRAFractionalCapacityRange: {DRAConsumableCapacity},
	DynamicResourceAllocation: {},
	GenericWorkload: {},
	TopologyAwareWorkloadScheduling: {GenericWorkload},
}
