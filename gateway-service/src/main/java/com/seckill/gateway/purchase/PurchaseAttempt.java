package com.seckill.gateway.purchase;

import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.http.HttpMethod;

/** A {@code POST /api/seckill/{activityId}/{path}} request, checked before it costs a Redis call. */
public record PurchaseAttempt(long activityId, String path) {

    private static final String PREFIX = "/api/seckill/";
    /** The one non-purchase POST under the prefix: asking for a path. */
    private static final String TOKEN_ENDPOINT = "token";
    private static final Pattern PATH = Pattern.compile("[A-Za-z0-9_-]{1,64}");

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
        if (path.equals(TOKEN_ENDPOINT)) {
            return Optional.empty();
        }
        long activityId = activityId(rest.substring(0, slash));
        if (!PATH.matcher(path).matches()) {
            throw new PathRejected();
        }
        return Optional.of(new PurchaseAttempt(activityId, path));
    }

    private static long activityId(String segment) {
        if (segment.isEmpty() || segment.length() > 19 || !segment.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new InvalidActivityId();
        }
        try {
            long id = Long.parseLong(segment);
            if (id <= 0) {
                throw new InvalidActivityId();
            }
            return id;
        } catch (NumberFormatException e) {
            throw new InvalidActivityId();
        }
    }
}
