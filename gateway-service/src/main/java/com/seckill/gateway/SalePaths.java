package com.seckill.gateway;

import com.seckill.common.web.DecimalId;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.reactive.ServerHttpRequest;

/** The sale a shopper's request under {@code /api/seckill/{aid}/...} is about, read off its path (canonical by then). */
public final class SalePaths {

    private static final String PREFIX = "/api/seckill/";
    private static final String QUEUE = "/queue";

    private SalePaths() {
    }

    /** The activity of a waiting-room poll {@code GET /api/seckill/{aid}/queue}, or null. */
    public static Long pollOf(ServerHttpRequest request) {
        return HttpMethod.GET.equals(request.getMethod()) ? pollOf(request.getPath().pathWithinApplication().value()) : null;
    }

    /** The activity of a path {@code /api/seckill/{aid}/queue}, or null. */
    public static Long pollOf(String path) {
        return path.endsWith(QUEUE) ? saleOf(path) : null;
    }

    /** The activity of a {@code POST /api/seckill/{aid}/{action}}, or null. */
    public static Long saleOf(ServerHttpRequest request) {
        return HttpMethod.POST.equals(request.getMethod()) ? saleOf(request.getPath().pathWithinApplication().value()) : null;
    }

    /** The activity of a path {@code /api/seckill/{aid}/{action}}, or null. */
    public static Long saleOf(String path) {
        if (!path.startsWith(PREFIX)) {
            return null;
        }
        int slash = path.indexOf('/', PREFIX.length());
        if (slash < 0 || slash == path.length() - 1 || path.indexOf('/', slash + 1) >= 0) {
            return null;
        }
        try {
            long id = DecimalId.parse(path.substring(PREFIX.length(), slash));
            return id > 0 ? id : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
