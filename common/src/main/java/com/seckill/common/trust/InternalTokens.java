package com.seckill.common.trust;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.MACVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Set;

/**
 * Signs and verifies the internal tokens (HS256 JWTs, RFC 7519) that inner services demand on every
 * call. The shopper's own token never leaves the gateway: for each request it forwards, the gateway
 * signs a token of its own naming the verified user, the role, and the method and path it is
 * forwarding (so a token seen on the network opens nothing else, and only for seconds). A service
 * calling another signs a token naming itself and the scopes it needs. The key
 * ({@code seckill.trust.secret}) is known to the platform's services only, never to clients.
 */
public final class InternalTokens {

    /** Issuer of the tokens the gateway signs for the requests it forwards. */
    public static final String GATEWAY = "gateway-service";
    public static final String AUDIENCE = "seckill-internal";
    public static final int MIN_SECRET_BYTES = 32;
    /** The local profile's key: public in the repository, so every other profile refuses it. */
    public static final String DEVELOPMENT_SECRET = "local-internal-secret-change-me-0123456789abcdef";

    /** A forwarded request reaches its service within milliseconds; the token need not outlive that by much. */
    public static final Duration FORWARDED_TTL = Duration.ofSeconds(30);
    public static final Duration SERVICE_TTL = Duration.ofMinutes(5);
    /** Clock difference between two machines that is still tolerated. */
    private static final Duration LEEWAY = Duration.ofSeconds(5);

    private static final String ROLES = "roles";
    private static final String SCOPE = "scope";
    private static final String METHOD = "htm";
    private static final String PATH = "htu";
    private static final String ADMIN = "ADMIN";
    private static final JWSHeader HEADER = new JWSHeader(JWSAlgorithm.HS256);

    private final MACSigner signer;
    private final MACVerifier verifier;

    /**
     * @param allowDevelopmentSecret only the local profile allows it: anywhere else the key from the
     *                               source tree is refused, as a missing or short one is
     */
    public InternalTokens(String secret, boolean allowDevelopmentSecret) {
        byte[] key = checkedKey(secret);
        if (secret.equals(DEVELOPMENT_SECRET) && !allowDevelopmentSecret) {
            throw new IllegalArgumentException("seckill.trust.secret is the development default from the source tree: "
                    + "set SECKILL_TRUST_SECRET to a secret of your own");
        }
        try {
            this.signer = new MACSigner(key);
            this.verifier = new MACVerifier(key);
        } catch (JOSEException e) {
            throw new IllegalArgumentException("Unusable internal token secret", e);
        }
    }

    private static byte[] checkedKey(String secret) {
        if (secret == null || secret.getBytes(StandardCharsets.UTF_8).length < MIN_SECRET_BYTES) {
            throw new IllegalArgumentException("seckill.trust.secret (env SECKILL_TRUST_SECRET) must be set to at least "
                    + MIN_SECRET_BYTES + " bytes");
        }
        return secret.getBytes(StandardCharsets.UTF_8);
    }

    /** The gateway's word for one request it forwards: who (null when anonymous), and what exactly. */
    public String forwarded(Long userId, boolean admin, String method, String rawPath, Instant now) {
        JWTClaimsSet.Builder claims = base(GATEWAY, now, FORWARDED_TTL).claim(METHOD, method).claim(PATH, rawPath);
        if (userId != null) {
            claims.subject(Long.toString(userId)).claim(ROLES, admin ? List.of(ADMIN) : List.of());
        }
        return sign(claims.build());
    }

    /** A service's own credential for calls to another service, limited to {@code scopes}. */
    public String service(String service, Collection<String> scopes, Instant now) {
        if (GATEWAY.equals(service)) {
            throw new IllegalArgumentException("a service token cannot claim to be the gateway");
        }
        return sign(base(service, now, SERVICE_TTL).subject(service).claim(SCOPE, String.join(" ", scopes)).build());
    }

    /** @throws UntrustedCaller unless the token is ours, unexpired and well formed */
    public Caller verify(String token, Instant now) {
        JWTClaimsSet claims;
        try {
            SignedJWT jwt = SignedJWT.parse(token);
            if (!JWSAlgorithm.HS256.equals(jwt.getHeader().getAlgorithm()) || !jwt.verify(verifier)) {
                throw new UntrustedCaller("Internal token signature does not verify");
            }
            claims = jwt.getJWTClaimsSet();
        } catch (ParseException | JOSEException e) {
            throw new UntrustedCaller("Malformed internal token");
        }
        Date expiry = claims.getExpirationTime();
        if (expiry == null || now.minus(LEEWAY).isAfter(expiry.toInstant())) {
            throw new UntrustedCaller("Internal token expired");
        }
        if (claims.getAudience() == null || !claims.getAudience().contains(AUDIENCE) || claims.getIssuer() == null) {
            throw new UntrustedCaller("Internal token is not meant for this platform");
        }
        try {
            return GATEWAY.equals(claims.getIssuer()) ? forwardedCaller(claims) : serviceCaller(claims);
        } catch (ParseException | RuntimeException e) {
            throw new UntrustedCaller("Malformed internal token claims");
        }
    }

    private static Caller forwardedCaller(JWTClaimsSet claims) throws ParseException {
        String method = claims.getStringClaim(METHOD);
        String path = claims.getStringClaim(PATH);
        if (method == null || path == null) {
            throw new UntrustedCaller("Forwarded token names no request");
        }
        String subject = claims.getSubject();
        Long userId = subject == null ? null : Long.valueOf(subject);
        if (userId != null && userId <= 0) {
            throw new UntrustedCaller("Forwarded token names no valid user");
        }
        List<String> roles = claims.getStringListClaim(ROLES);
        boolean admin = userId != null && roles != null && roles.contains(ADMIN);
        return new Caller(GATEWAY, userId, admin, Set.of(), method, path);
    }

    private static Caller serviceCaller(JWTClaimsSet claims) throws ParseException {
        String scope = claims.getStringClaim(SCOPE);
        Set<String> scopes = scope == null || scope.isBlank() ? Set.of() : Set.of(scope.strip().split("\\s+"));
        return new Caller(claims.getIssuer(), null, false, scopes, null, null);
    }

    private static JWTClaimsSet.Builder base(String issuer, Instant now, Duration ttl) {
        return new JWTClaimsSet.Builder()
                .issuer(issuer)
                .audience(AUDIENCE)
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(ttl)));
    }

    private String sign(JWTClaimsSet claims) {
        SignedJWT jwt = new SignedJWT(HEADER, claims);
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException("Could not sign an internal token", e);
        }
        return jwt.serialize();
    }
}
