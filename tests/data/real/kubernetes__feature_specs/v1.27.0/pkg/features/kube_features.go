// Excerpt of kubernetes pkg/features/kube_features.go at v1.27.0: lines kept verbatim, others left out.

package features

import (
	"k8s.io/apimachinery/pkg/util/runtime"
	genericfeatures "k8s.io/apiserver/pkg/features"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"
)

const (
	CPUCFSQuotaPeriod featuregate.Feature = "CustomCPUCFSQuotaPeriod"
	MemoryQoS featuregate.Feature = "MemoryQoS"
	NodeSwap featuregate.Feature = "NodeSwap"
	TopologyManager featuregate.Feature = "TopologyManager"
	InPlacePodVerticalScaling featuregate.Feature = "InPlacePodVerticalScaling"
)

func init() {
	runtime.Must(utilfeature.DefaultMutableFeatureGate.Add(defaultKubernetesFeatureGates))
}

var defaultKubernetesFeatureGates = map[featuregate.Feature]featuregate.FeatureSpec{
	CPUCFSQuotaPeriod: {Default: false, PreRelease: featuregate.Alpha},
	MemoryQoS: {Default: false, PreRelease: featuregate.Alpha},
	NodeSwap: {Default: false, PreRelease: featuregate.Alpha},
	TopologyManager: {Default: true, PreRelease: featuregate.GA, LockToDefault: true}, // GA in 1.27; remove in 1.29
	InPlacePodVerticalScaling: {Default: false, PreRelease: featuregate.Alpha},
	genericfeatures.APIListChunking: {Default: true, PreRelease: featuregate.Beta},
}
