// Excerpt of kubernetes staging/src/k8s.io/apiserver/pkg/features/kube_features.go at v1.27.0: lines kept verbatim, others left out.

package features

import (
	"k8s.io/apimachinery/pkg/util/runtime"

	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"
)

const (
	APIListChunking featuregate.Feature = "APIListChunking"
)

func init() {
	runtime.Must(utilfeature.DefaultMutableFeatureGate.Add(defaultKubernetesFeatureGates))
}

var defaultKubernetesFeatureGates = map[featuregate.Feature]featuregate.FeatureSpec{
	APIListChunking: {Default: true, PreRelease: featuregate.Beta},
}
