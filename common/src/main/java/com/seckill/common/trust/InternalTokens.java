package com.seckill.common.trust;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
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
 * Signs and verifies the internal tokens (HS256 JWTs, RFC 7519, compact JWS, by Nimbus JOSE+JWT) that
 * inner services demand on every call. The shopper's own token never leaves the gateway: for each request
 * it forwards, the gateway signs a token of its own naming the verified user, the role, and the method
 * and path it is forwarding (so a token seen on the network opens nothing else, and only for seconds). A
 * service calling another signs a token naming itself and the scopes it needs. The key
 * ({@code seckill.trust.secret}) is known to the platform's services only, never to clients.
 * <p>
 * Only {@code HS256} with {@code typ: JWT} is accepted: a token naming any other algorithm (or
 * {@code none}) is refused before its signature is looked at.
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

    private static final JWSHeader HEADER = new JWSHeader.Builder(JWSAlgorithm.HS256).type(JOSEObjectType.JWT).build();
    private static final String ADMIN = "ADMIN";
    private static final String METHOD = "htm";
    private static final String PATH = "htu";
    private static final String ROLES = "roles";
    private static final String SCOPE = "scope";

    private final MACSigner signer;
    private final MACVerifier verifier;

    /**
     * @param allowDevelopmentSecret only the local profile allows it: anywhere else the key from the
     *                               source tree is refused, as a missing or short one is
     */
    public InternalTokens(String secret, boolean allowDevelopmentSecret) {
        if (secret == null || secret.getBytes(StandardCharsets.UTF_8).length < MIN_SECRET_BYTES) {
            throw new IllegalArgumentException("seckill.trust.secret (env SECKILL_TRUST_SECRET) must be set to at least "
                    + MIN_SECRET_BYTES + " bytes");
        }
        if (secret.equals(DEVELOPMENT_SECRET) && !allowDevelopmentSecret) {
            throw new IllegalArgumentException("seckill.trust.secret is the development default from the source tree: "
                    + "set SECKILL_TRUST_SECRET to a secret of your own");
        }
        byte[] bytes = secret.getBytes(StandardCharsets.UTF_8);
        try {
            this.signer = new MACSigner(bytes);
            this.verifier = new MACVerifier(bytes);
        } catch (JOSEException e) {
            throw new IllegalArgumentException("seckill.trust.secret is not a usable HS256 key", e);
        }
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
        if (!CompactJws.isOneSpelling(token)) {
            throw new UntrustedCaller("Malformed internal token");
        }
        try {
            SignedJWT jwt = SignedJWT.parse(token);
            if (!isOurKind(jwt)) {
                throw new UntrustedCaller("Malformed internal token");
            }
            if (!jwt.verify(verifier)) {
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
        String issuer = claims.getIssuer();
        if (issuer == null || !claims.getAudience().contains(AUDIENCE)) {
            throw new UntrustedCaller("Internal token is not meant for this platform");
        }
        try {
            return GATEWAY.equals(issuer) ? forwardedCaller(claims) : serviceCaller(issuer, claims);
        } catch (ParseException e) {
            throw new UntrustedCaller("Malformed internal token");
        }
    }

    private static Caller forwardedCaller(JWTClaimsSet claims) throws ParseException {
        String method = claims.getStringClaim(METHOD);
        String path = claims.getStringClaim(PATH);
        if (method == null || path == null) {
            throw new UntrustedCaller("Forwarded token names no request");
        }
        Long userId = null;
        if (claims.getSubject() != null) {
            try {
                userId = Long.valueOf(claims.getSubject());
            } catch (NumberFormatException e) {
                throw new UntrustedCaller("Forwarded token names no valid user");
            }
            if (userId <= 0) {
                throw new UntrustedCaller("Forwarded token names no valid user");
            }
        }
        List<String> roles = claims.getStringListClaim(ROLES);
        boolean admin = userId != null && roles != null && roles.contains(ADMIN);
        return new Caller(GATEWAY, userId, admin, Set.of(), method, path);
    }

    private static Caller serviceCaller(String issuer, JWTClaimsSet claims) throws ParseException {
        String scope = claims.getStringClaim(SCOPE);
        scope = scope == null ? "" : scope.strip();
        return new Caller(issuer, null, false, scope.isEmpty() ? Set.of() : Set.copyOf(List.of(scope.split("\\s+"))), null, null);
    }

    private static JWTClaimsSet.Builder base(String issuer, Instant now, Duration ttl) {
        return new JWTClaimsSet.Builder().issuer(issuer).audience(AUDIENCE)
                .issueTime(Date.from(now)).expirationTime(Date.from(now.plus(ttl)));
    }

    /**
     * The claims of {@code token} if it is an HS256 JWT signed with the platform's key, else null; what the
     * claims say is the caller's to check (the values handed to shoppers, {@link ShopperJwts}).
     */
    JWTClaimsSet verifiedClaims(String token) {
        try {
            if (!CompactJws.isOneSpelling(token)) {
                return null;
            }
            SignedJWT jwt = SignedJWT.parse(token);
            return isOurKind(jwt) && jwt.verify(verifier) ? jwt.getJWTClaimsSet() : null;
        } catch (ParseException | JOSEException | IllegalArgumentException e) {
            return null;
        }
    }

    /** HS256 and typ JWT. */
    private static boolean isOurKind(SignedJWT jwt) {
        return JWSAlgorithm.HS256.equals(jwt.getHeader().getAlgorithm()) && JOSEObjectType.JWT.equals(jwt.getHeader().getType());
    }

    String sign(JWTClaimsSet claims) {
        SignedJWT jwt = new SignedJWT(HEADER, claims);
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException("Could not sign an internal token", e);
        }
        return jwt.serialize();
    }
}
