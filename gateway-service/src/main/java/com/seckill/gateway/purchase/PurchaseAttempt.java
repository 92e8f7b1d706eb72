package com.seckill.gateway.purchase;

import com.seckill.common.trust.CompactJws;
import com.seckill.common.trust.PurchasePaths;
import com.seckill.common.web.DecimalId;
import java.util.Optional;
import org.springframework.http.HttpMethod;

/** A {@code POST /api/seckill/{activityId}/{path}} request, checked before it costs a Redis call. */
public record PurchaseAttempt(long activityId, String path) {

    private static final String PREFIX = "/api/seckill/";
    /** The non-purchase POSTs under the prefix: asking for a path, joining the waiting room. */
    private static final String TOKEN_ENDPOINT = "token";
    private static final String QUEUE_ENDPOINT = "queue";

    /**
     * @return empty when the request is not a purchase
     * @throws InvalidActivityId when the activity id is not a positive number
     * @throws PathRejected      when the path cannot be one seckill-service issued
     */
    public static Optional<PurchaseAttempt> of(HttpMethod method, String requestPath) {
        if (!HttpMethod.POST.equals(method) || !requestPath.startsWith(PREFIX)) {
            return Optional.empty();
        }
        String rest = requestPath.substring(PREFIX.length());
        if (rest.endsWith("/")) {
            rest = rest.substring(0, rest.length() - 1);
        }
        int slash = rest.indexOf('/');
        if (slash < 0 || rest.indexOf('/', slash + 1) >= 0) {
            return Optional.empty();
        }
        String path = rest.substring(slash + 1);
        if (path.equals(TOKEN_ENDPOINT) || path.equals(QUEUE_ENDPOINT)) {
            return Optional.empty();
        }
        long activityId = activityId(rest.substring(0, slash));
        if (!couldBeAPath(path)) {
            throw new PathRejected();
        }
        return Optional.of(new PurchaseAttempt(activityId, path));
    }

    /**
     * The alphabet of an issued path (URL-safe base64 and the dots of a compact JWT), no longer than one.
     * Its signature is checked later, by the path filter; this only keeps what cannot be a path from costing
     * anything. A loop, not a regular expression: every purchase passes here.
     */
    private static boolean couldBeAPath(String path) {
        if (path.isEmpty() || path.length() > PurchasePaths.MAX_LENGTH) {
            return false;
        }
        for (int i = 0; i < path.length(); i++) {
            if (!CompactJws.isTokenChar(path.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static long activityId(String segment) {
        long id;
        try {
            id = DecimalId.parse(segment);
        } catch (IllegalArgumentException e) {
            throw new InvalidActivityId();
        }
        if (id <= 0) {
            throw new InvalidActivityId();
        }
        return id;
    }
}
