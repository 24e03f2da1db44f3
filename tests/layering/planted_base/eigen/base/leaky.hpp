// A planted violation: the layering test must fail on this file (base/ includes Eigen).
#pragma once

#include <Eigen/Core>
