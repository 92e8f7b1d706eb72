package com.seckill.common.trust;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs and verifies the internal tokens (HS256 JWTs, RFC 7519, compact JWS) that inner services
 * demand on every call. The shopper's own token never leaves the gateway: for each request it
 * forwards, the gateway signs a token of its own naming the verified user, the role, and the method
 * and path it is forwarding (so a token seen on the network opens nothing else, and only for
 * seconds). A service calling another signs a token naming itself and the scopes it needs. The key
 * ({@code seckill.trust.secret}) is known to the platform's services only, never to clients.
 * <p>
 * Every routed request is signed once and verified once, so this is on the hot path: one HMAC with a
 * per-thread {@link Mac}, one small JSON document. The header is fixed ({@code HS256}, {@code JWT}) and
 * compared as a whole, so no other algorithm (or {@code none}) is ever accepted.
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

    private static final String ALGORITHM = "HmacSHA256";
    private static final Base64.Encoder BASE64 = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder UNBASE64 = Base64.getUrlDecoder();
    private static final String HEADER = BASE64.encodeToString("{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ADMIN = "ADMIN";

    private final ThreadLocal<Mac> macs;

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
        SecretKeySpec key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM);
        this.macs = ThreadLocal.withInitial(() -> {
            try {
                Mac mac = Mac.getInstance(ALGORITHM);
                mac.init(key);
                return mac;
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("HMAC-SHA256 unavailable", e);
            }
        });
    }

    /** The gateway's word for one request it forwards: who (null when anonymous), and what exactly. */
    public String forwarded(Long userId, boolean admin, String method, String rawPath, Instant now) {
        ObjectNode claims = base(GATEWAY, now, FORWARDED_TTL).put("htm", method).put("htu", rawPath);
        if (userId != null) {
            claims.put("sub", Long.toString(userId));
            ArrayNode roles = claims.putArray("roles");
            if (admin) {
                roles.add(ADMIN);
            }
        }
        return sign(claims);
    }

    /** A service's own credential for calls to another service, limited to {@code scopes}. */
    public String service(String service, Collection<String> scopes, Instant now) {
        if (GATEWAY.equals(service)) {
            throw new IllegalArgumentException("a service token cannot claim to be the gateway");
        }
        return sign(base(service, now, SERVICE_TTL).put("sub", service).put("scope", String.join(" ", scopes)));
    }

    /** @throws UntrustedCaller unless the token is ours, unexpired and well formed */
    public Caller verify(String token, Instant now) {
        int first = token.indexOf('.');
        int second = first < 0 ? -1 : token.indexOf('.', first + 1);
        if (first != HEADER.length() || second < 0 || !token.startsWith(HEADER)) {
            throw new UntrustedCaller("Malformed internal token");
        }
        byte[] signature;
        JsonNode claims;
        try {
            signature = UNBASE64.decode(token.substring(second + 1));
            claims = JSON.readTree(UNBASE64.decode(token.substring(first + 1, second)));
        } catch (IllegalArgumentException | IOException e) {
            throw new UntrustedCaller("Malformed internal token");
        }
        byte[] expected = macs.get().doFinal(token.substring(0, second).getBytes(StandardCharsets.US_ASCII));
        if (!MessageDigest.isEqual(expected, signature)) {
            throw new UntrustedCaller("Internal token signature does not verify");
        }
        if (claims == null || !claims.isObject() || !claims.path("exp").canConvertToLong()
                || now.minus(LEEWAY).isAfter(Instant.ofEpochSecond(claims.path("exp").asLong()))) {
            throw new UntrustedCaller("Internal token expired");
        }
        String issuer = claims.path("iss").asText(null);
        if (issuer == null || !AUDIENCE.equals(claims.path("aud").asText(null))) {
            throw new UntrustedCaller("Internal token is not meant for this platform");
        }
        return GATEWAY.equals(issuer) ? forwardedCaller(claims) : serviceCaller(issuer, claims);
    }

    private static Caller forwardedCaller(JsonNode claims) {
        String method = claims.path("htm").asText(null);
        String path = claims.path("htu").asText(null);
        if (method == null || path == null) {
            throw new UntrustedCaller("Forwarded token names no request");
        }
        Long userId = null;
        if (claims.hasNonNull("sub")) {
            try {
                userId = Long.valueOf(claims.path("sub").asText());
            } catch (NumberFormatException e) {
                throw new UntrustedCaller("Forwarded token names no valid user");
            }
            if (userId <= 0) {
                throw new UntrustedCaller("Forwarded token names no valid user");
            }
        }
        boolean admin = false;
        for (JsonNode role : claims.path("roles")) {
            admin |= ADMIN.equals(role.asText());
        }
        return new Caller(GATEWAY, userId, userId != null && admin, Set.of(), method, path);
    }

    private static Caller serviceCaller(String issuer, JsonNode claims) {
        String scope = claims.path("scope").asText("").strip();
        return new Caller(issuer, null, false, scope.isEmpty() ? Set.of() : Set.copyOf(List.of(scope.split("\\s+"))),
                null, null);
    }

    private static ObjectNode base(String issuer, Instant now, Duration ttl) {
        return JSON.createObjectNode()
                .put("iss", issuer)
                .put("aud", AUDIENCE)
                .put("iat", now.getEpochSecond())
                .put("exp", now.plus(ttl).getEpochSecond());
    }

    private String sign(ObjectNode claims) {
        try {
            String signingInput = HEADER + "." + BASE64.encodeToString(JSON.writeValueAsBytes(claims));
            return signingInput + "." + BASE64.encodeToString(macs.get().doFinal(signingInput.getBytes(StandardCharsets.US_ASCII)));
        } catch (IOException e) {
            throw new IllegalStateException("Could not write an internal token", e);
        }
    }
}
