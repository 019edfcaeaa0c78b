// Excerpt of kubernetes staging/src/k8s.io/component-base/featuregate/feature_gate.go at v1.27.0: lines kept verbatim, others left out.

package featuregate

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/spf13/pflag"

	"k8s.io/apimachinery/pkg/util/naming"
	featuremetrics "k8s.io/component-base/metrics/prometheus/feature"
	"k8s.io/klog/v2"
)

const (
	allAlphaGate Feature = "AllAlpha"
	allBetaGate Feature = "AllBeta"
)

var (
	defaultFeatures = map[Feature]FeatureSpec{
		allAlphaGate: {Default: false, PreRelease: Alpha},
		allBetaGate:  {Default: false, PreRelease: Beta},
	}
)

func (f *featureGate) unsafeSetFromMapExcerpt() {
			return fmt.Errorf("unrecognized feature gate: %s", k)
			return fmt.Errorf("cannot set feature gate %v to %v, feature is locked to %v", k, v, featureSpec.Default)
}
