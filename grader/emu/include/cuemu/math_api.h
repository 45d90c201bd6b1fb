// CUDA's math API for the cpu emulator, on top of the C and C++ math
// libraries: CUDA's min/max overloads, the float overloads CUDA puts in the
// global namespace (sqrt(float), abs(float), ...), and the functions glibc
// lacks (rsqrtf, rcbrtf, sinpif, cospif, sincospif, fdividef, normf, norm3df,
// rnorm3df, rhypotf, erfinvf, erfcinvf, erfcxf, normcdff, normcdfinvf,
// cyl_bessel_i0f, ...) in single and double precision. Each result is within
// the error bound CUDA documents for the function: the float functions are
// computed in double and the double ones in long double, each rounded once.
// Non-goals: half precision, the cuda::std math of libcu++, and names CUDA
// does not have (a helper such as saturate() stays the student's own).
#pragma once

#include <math.h>    // the std:: float overloads in the global namespace, as CUDA's headers provide them
#include <stdlib.h>  // abs(float), abs(long), ... likewise

#include <cmath>
#include <limits>
#include <type_traits>

/// The smaller of two values, as CUDA's overloads pick the type (a mixed
/// pair takes their common type: min(int, unsigned) is unsigned).
template <class A, class B>
inline auto min(A a, B b) -> std::common_type_t<A, B> { return a < b ? a : b; }
/// The larger of two values; see min.
template <class A, class B>
inline auto max(A a, B b) -> std::common_type_t<A, B> { return a < b ? b : a; }
/// fminf: a NaN argument yields the other one, as on a GPU.
inline float min(float a, float b) { return ::fminf(a, b); }
/// fmin, for doubles and float/double mixes.
inline double min(double a, double b) { return ::fmin(a, b); }
/// fmin of a float and a double.
inline double min(float a, double b) { return ::fmin(a, b); }
/// fmin of a double and a float.
inline double min(double a, float b) { return ::fmin(a, b); }
/// fmaxf: a NaN argument yields the other one, as on a GPU.
inline float max(float a, float b) { return ::fmaxf(a, b); }
/// fmax, for doubles and float/double mixes.
inline double max(double a, double b) { return ::fmax(a, b); }
/// fmax of a float and a double.
inline double max(float a, double b) { return ::fmax(a, b); }
/// fmax of a double and a float.
inline double max(double a, float b) { return ::fmax(a, b); }
/// The smaller of two unsigned ints.
inline unsigned int umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
/// The larger of two unsigned ints.
inline unsigned int umax(unsigned int a, unsigned int b) { return a < b ? b : a; }
/// The smaller of two long longs.
inline long long int llmin(long long int a, long long int b) { return a < b ? a : b; }
/// The larger of two long longs.
inline long long int llmax(long long int a, long long int b) { return a < b ? b : a; }
/// The smaller of two unsigned long longs.
inline unsigned long long int ullmin(unsigned long long int a, unsigned long long int b) { return a < b ? a : b; }
/// The larger of two unsigned long longs.
inline unsigned long long int ullmax(unsigned long long int a, unsigned long long int b) { return a < b ? b : a; }

namespace cuemu::math {

/// The working precision of the double-precision functions: wider than
/// double (x86's 64-bit significand, or quad), so each is rounded once.
using Wide = long double;

constexpr Wide kPi = 3.141592653589793238462643383279502884L;
constexpr Wide kSqrtHalf = 0.707106781186547524400844362104849039L;
constexpr Wide kTwoOverSqrtPi = 1.128379167095512573896158903121545172L;
constexpr Wide kSqrt2Pi = 2.506628274631000502415765284811045253L;
constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// sin(pi * x) and cos(pi * x), exact at integers and half-integers
/// (reduced to |f| <= 1/4 around a multiple of 1/2 before multiplying by pi).
inline void sinCosPi(double x, double* s, double* c) {
    if (!std::isfinite(x)) {
        *s = *c = kNaN;
        return;
    }
    const double r = std::fmod(x, 2.0);   // exact, in (-2, 2)
    const double n = std::nearbyint(2.0 * r);
    const double f = r - 0.5 * n;         // exact, in [-1/4, 1/4]
    const double sf = double(std::sin(kPi * f)), cf = double(std::cos(kPi * f));
    switch (static_cast<int>(n) & 3) {
        case 0: *s = sf, *c = cf; break;
        case 1: *s = cf, *c = -sf; break;
        case 2: *s = -sf, *c = -cf; break;
        default: *s = -cf, *c = sf; break;
    }
    if (f == 0 && !(static_cast<int>(n) & 1)) *s = std::copysign(0.0, x);  // sinpi(n) = +-0
    if (f == 0 && (static_cast<int>(n) & 1)) *c = 0.0;                     // cospi(n + 1/2) = +0
}

/// The standard normal CDF, in the working precision.
inline Wide normalCdf(Wide x) { return 0.5L * std::erfc(-x * kSqrtHalf); }

/// Acklam's rational approximation of the inverse standard normal CDF
/// (relative error below 1.2e-9), for p in (0, 1): the starting point of the
/// refinements below.
inline Wide acklam(double p) {
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                               1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                               6.680131188771972e+01, -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                               -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00};
    static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                               3.754408661907416e+00};
    if (p < 0.02425 || p > 1 - 0.02425) {
        const double q = std::sqrt(-2 * std::log(p < 0.5 ? p : 1 - p));
        const double x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
                         ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
        return p > 0.5 ? -x : x;
    }
    const double q = p - 0.5, r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
           (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/// The x with erf(x) = y for |y| < 1/2: Newton steps on erf, which keep the
/// relative precision of small results.
inline Wide inverseErfSmall(double y) {
    if (y == 0) return y;
    Wide x = acklam((y + 1) / 2) * kSqrtHalf;
    for (int step = 0; step < 3; ++step) x -= (std::erf(x) - y) / (kTwoOverSqrtPi * std::exp(-x * x));
    return x;
}

/// The x with erfc(x) = y, for y in [0, 2]. Near 1 it is erfinv(1 - y), whose
/// 1 - y is exact; above 3/2, -erfcinv(2 - y), likewise; below 1/2, Newton
/// steps on erfc in the working precision.
inline double inverseErfc(double y) {
    if (std::isnan(y) || y < 0 || y > 2) return kNaN;
    if (y == 0) return kInfinity;
    if (y == 2) return -kInfinity;
    if (y > 1.5) return -inverseErfc(2 - y);
    if (y > 0.5) return double(inverseErfSmall(1 - y));
    Wide x = -acklam(y / 2) * kSqrtHalf;
    for (int step = 0; step < 3; ++step) {
        const Wide slope = kTwoOverSqrtPi * std::exp(-x * x);
        if (slope > 0) x += (std::erfc(x) - y) / slope;
    }
    return double(x);
}

/// The x with erf(x) = y, for y in [-1, 1] (through erfcinv near +-1, where 1 -+ y is exact).
inline double inverseErf(double y) {
    if (std::isnan(y) || y < -1 || y > 1) return kNaN;
    if (y >= 0.5) return inverseErfc(1 - y);
    if (y <= -0.5) return -inverseErfc(1 + y);
    return double(inverseErfSmall(y));
}

/// The inverse of the standard normal CDF: through erfinv in the middle
/// (2p - 1 is exact there), else Acklam's approximation refined by Halley
/// steps in the working precision.
inline double normalQuantile(double p) {
    if (std::isnan(p) || p < 0 || p > 1) return kNaN;
    if (p == 0) return -kInfinity;
    if (p == 1) return kInfinity;
    if (p >= 0.25 && p <= 0.75) return double(inverseErfSmall(2 * p - 1) / kSqrtHalf);
    Wide x = acklam(p);
    for (int step = 0; step < 2; ++step) {
        const Wide u = (normalCdf(x) - p) * kSqrt2Pi * std::exp(x * x / 2);
        x -= u / (1 + x * u / 2);
    }
    return double(x);
}

/// exp(x^2) * erfc(x): directly in the working precision below 100, else by
/// its asymptotic series (whose next term is below 1e-20 there).
inline double scaledErfc(double x) {
    if (std::isnan(x)) return x;
    if (x < 100) return double(std::exp(Wide(x) * x) * std::erfc(Wide(x)));
    const Wide r = 1 / (Wide(x) * x);
    return double((1 - r / 2 * (1 - 3 * r / 2 * (1 - 5 * r / 2 * (1 - 7 * r / 2)))) / (x * std::sqrt(kPi)));
}

/// The modified Bessel function of the first kind of order `order` (0 or 1), for any real x.
inline double besselI(int order, double x) {
    if (std::isnan(x)) return x;
    const Wide ax = std::fabs(Wide(x));
#ifndef __wasm__
    const double v = std::isinf(x) || ax > 713.987L ? kInfinity : double(std::cyl_bessel_i(Wide(order), ax));
#else
    const double v = std::isinf(x) || ax > 713.987L ? kInfinity : (unsupported("cyl_bessel_i0/i1 (not supported in the browser)"), 0.0);
#endif
    return order == 1 && x < 0 ? -v : v;
}

/// The Euclidean length of `dim` values, scaled so that no square overflows:
/// infinite if one value is, even beside a NaN (as hypot).
template <class T>
Wide euclidean(int dim, const T* p) {
    Wide largest = 0;
    bool nan = false;
    for (int i = 0; i < dim; ++i) {
        if (std::isinf(p[i])) return kInfinity;
        nan = nan || std::isnan(p[i]);
        largest = std::fmax(largest, std::fabs(Wide(p[i])));
    }
    if (nan) return kNaN;
    if (largest == 0) return 0;
    Wide sum = 0;
    for (int i = 0; i < dim; ++i) sum += (p[i] / largest) * (p[i] / largest);
    return largest * std::sqrt(sum);
}

}  // namespace cuemu::math

/// 1 / sqrt(x).
inline double rsqrt(double x) { return double(1 / std::sqrt(::cuemu::math::Wide(x))); }
/// 1 / sqrt(x), rounded once from double precision.
inline float rsqrtf(float x) { return float(rsqrt(double(x))); }
/// 1 / cbrt(x).
inline double rcbrt(double x) { return double(1 / std::cbrt(::cuemu::math::Wide(x))); }
/// 1 / cbrt(x), rounded once from double precision.
inline float rcbrtf(float x) { return float(rcbrt(double(x))); }
/// sin(pi x).
inline double sinpi(double x) {
    double s, c;
    ::cuemu::math::sinCosPi(x, &s, &c);
    return s;
}
/// cos(pi x).
inline double cospi(double x) {
    double s, c;
    ::cuemu::math::sinCosPi(x, &s, &c);
    return c;
}
/// sin(pi x) and cos(pi x).
inline void sincospi(double x, double* s, double* c) { ::cuemu::math::sinCosPi(x, s, c); }
/// sin(pi x) in single precision.
inline float sinpif(float x) { return float(sinpi(double(x))); }
/// cos(pi x) in single precision.
inline float cospif(float x) { return float(cospi(double(x))); }
/// sin(pi x) and cos(pi x) in single precision.
inline void sincospif(float x, float* s, float* c) {
    double ds, dc;
    ::cuemu::math::sinCosPi(double(x), &ds, &dc);
    *s = float(ds), *c = float(dc);
}
/// x / y (the fast variant is __fdividef).
inline float fdividef(float x, float y) { return x / y; }
/// The Euclidean length of p[0 .. dim).
inline double norm(int dim, const double* p) { return double(::cuemu::math::euclidean(dim, p)); }
/// 1 / the Euclidean length of p[0 .. dim).
inline double rnorm(int dim, const double* p) { return double(1 / ::cuemu::math::euclidean(dim, p)); }
/// The Euclidean length of p[0 .. dim) in single precision.
inline float normf(int dim, const float* p) { return float(::cuemu::math::euclidean(dim, p)); }
/// 1 / the Euclidean length of p[0 .. dim) in single precision.
inline float rnormf(int dim, const float* p) { return float(1 / ::cuemu::math::euclidean(dim, p)); }
/// sqrt(a^2 + b^2 + c^2) without undue overflow.
inline double norm3d(double a, double b, double c) {
    const double v[] = {a, b, c};
    return double(::cuemu::math::euclidean(3, v));
}
/// 1 / sqrt(a^2 + b^2 + c^2).
inline double rnorm3d(double a, double b, double c) {
    const double v[] = {a, b, c};
    return double(1 / ::cuemu::math::euclidean(3, v));
}
/// sqrt(a^2 + b^2 + c^2 + d^2) without undue overflow.
inline double norm4d(double a, double b, double c, double d) {
    const double v[] = {a, b, c, d};
    return double(::cuemu::math::euclidean(4, v));
}
/// 1 / sqrt(a^2 + b^2 + c^2 + d^2).
inline double rnorm4d(double a, double b, double c, double d) {
    const double v[] = {a, b, c, d};
    return double(1 / ::cuemu::math::euclidean(4, v));
}
/// norm3d in single precision.
inline float norm3df(float a, float b, float c) { return float(norm3d(double(a), double(b), double(c))); }
/// rnorm3d in single precision.
inline float rnorm3df(float a, float b, float c) { return float(rnorm3d(double(a), double(b), double(c))); }
/// norm4d in single precision.
inline float norm4df(float a, float b, float c, float d) { return float(norm4d(double(a), double(b), double(c), double(d))); }
/// rnorm4d in single precision.
inline float rnorm4df(float a, float b, float c, float d) { return float(rnorm4d(double(a), double(b), double(c), double(d))); }
/// 1 / sqrt(x^2 + y^2).
inline double rhypot(double x, double y) {
    const double v[] = {x, y};
    return double(1 / ::cuemu::math::euclidean(2, v));
}
/// 1 / sqrt(x^2 + y^2) in single precision.
inline float rhypotf(float x, float y) { return float(rhypot(double(x), double(y))); }
/// The inverse error function.
inline double erfinv(double y) { return ::cuemu::math::inverseErf(y); }
/// The inverse complementary error function.
inline double erfcinv(double y) { return ::cuemu::math::inverseErfc(y); }
/// The scaled complementary error function exp(x^2) erfc(x).
inline double erfcx(double x) { return ::cuemu::math::scaledErfc(x); }
/// The standard normal cumulative distribution function.
inline double normcdf(double x) { return double(::cuemu::math::normalCdf(x)); }
/// The inverse of the standard normal cumulative distribution function.
inline double normcdfinv(double p) { return ::cuemu::math::normalQuantile(p); }
/// erfinv in single precision.
inline float erfinvf(float y) { return float(erfinv(double(y))); }
/// erfcinv in single precision.
inline float erfcinvf(float y) { return float(erfcinv(double(y))); }
/// erfcx in single precision.
inline float erfcxf(float x) { return float(erfcx(double(x))); }
/// normcdf in single precision.
inline float normcdff(float x) { return float(normcdf(double(x))); }
/// normcdfinv in single precision.
inline float normcdfinvf(float p) { return float(normcdfinv(double(p))); }
/// The modified Bessel function of the first kind of order 0.
inline double cyl_bessel_i0(double x) { return ::cuemu::math::besselI(0, x); }
/// The modified Bessel function of the first kind of order 1.
inline double cyl_bessel_i1(double x) { return ::cuemu::math::besselI(1, x); }
/// cyl_bessel_i0 in single precision.
inline float cyl_bessel_i0f(float x) { return float(cyl_bessel_i0(double(x))); }
/// cyl_bessel_i1 in single precision.
inline float cyl_bessel_i1f(float x) { return float(cyl_bessel_i1(double(x))); }

// CUDA's float overloads of functions whose float forms have a suffix in C.
/// exp10f.
inline float exp10(float x) { return ::exp10f(x); }
/// rsqrtf.
inline float rsqrt(float x) { return rsqrtf(x); }
/// rcbrtf.
inline float rcbrt(float x) { return rcbrtf(x); }
/// sinpif.
inline float sinpi(float x) { return sinpif(x); }
/// cospif.
inline float cospi(float x) { return cospif(x); }
/// sincospif.
inline void sincospi(float x, float* s, float* c) { sincospif(x, s, c); }
/// sincosf.
inline void sincos(float x, float* s, float* c) { ::sincosf(x, s, c); }
/// j0f.
inline float j0(float x) { return ::j0f(x); }
/// j1f.
inline float j1(float x) { return ::j1f(x); }
/// jnf.
inline float jn(int n, float x) { return ::jnf(n, x); }
/// y0f.
inline float y0(float x) { return ::y0f(x); }
/// y1f.
inline float y1(float x) { return ::y1f(x); }
/// ynf.
inline float yn(int n, float x) { return ::ynf(n, x); }
/// cyl_bessel_i0f.
inline float cyl_bessel_i0(float x) { return cyl_bessel_i0f(x); }
/// cyl_bessel_i1f.
inline float cyl_bessel_i1(float x) { return cyl_bessel_i1f(x); }
/// erfinvf.
inline float erfinv(float y) { return erfinvf(y); }
/// erfcinvf.
inline float erfcinv(float y) { return erfcinvf(y); }
/// erfcxf.
inline float erfcx(float x) { return erfcxf(x); }
/// normcdff.
inline float normcdf(float x) { return normcdff(x); }
/// normcdfinvf.
inline float normcdfinv(float p) { return normcdfinvf(p); }
