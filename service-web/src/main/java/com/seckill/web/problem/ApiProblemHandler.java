package com.seckill.web.problem;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.error.ProblemProperties;
import com.seckill.common.error.SeckillException;
import com.seckill.common.web.Headers;
import jakarta.validation.ConstraintViolationException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.validation.FieldError;
import org.springframework.validation.ObjectError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingRequestHeaderException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Maps every failure of a servlet service to RFC 9457 problem+json with a stable {@code code}.
 * Spring's own exceptions (unreadable JSON, type mismatch, unknown path, wrong method...) keep
 * their 4xx status; nothing reaches the client as a stack trace or a 500 for bad input.
 */
@RestControllerAdvice
public class ApiProblemHandler extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiProblemHandler.class);
    /** What every 503 BUSY tells the caller to wait, so that callers that listen do not hammer. */
    public static final String RETRY_AFTER_SECONDS = "1";

    public static ProblemDetail problem(ErrorCode code, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatusCode.valueOf(code.status()), detail);
        problem.setTitle(code.title());
        problem.setProperty("code", code.name());
        return problem;
    }

    @ExceptionHandler(SeckillException.class)
    ResponseEntity<ProblemDetail> business(SeckillException e) {
        ResponseEntity<ProblemDetail> answer = answer(e.code(), e.getMessage());
        if (e instanceof ProblemProperties extra && answer.getBody() != null) {
            extra.properties().forEach(answer.getBody()::setProperty);
        }
        return answer;
    }

    @ExceptionHandler(ConstraintViolationException.class)
    ResponseEntity<ProblemDetail> invalid(ConstraintViolationException e) {
        return answer(ErrorCode.BAD_REQUEST, "Invalid request parameters");
    }

    @ExceptionHandler({DataAccessResourceFailureException.class, QueryTimeoutException.class,
            TransientDataAccessException.class})
    ResponseEntity<ProblemDetail> unavailable(Exception e) {
        log.warn("Dependency unavailable: {}", e.toString());
        return answer(ErrorCode.BUSY, "A dependency is unavailable, try again shortly");
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ProblemDetail> unexpected(Exception e) {
        log.error("Unexpected failure", e);
        return answer(ErrorCode.INTERNAL, "Unexpected error");
    }

    /**
     * A body that parsed but breaks a rule: which fields and why, the same sentences a form shows
     * ({@code errors}: {@code [{"field","message"}]}), and no value echoed back.
     */
    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        List<Map<String, String>> errors = new ArrayList<>();
        for (FieldError field : ex.getBindingResult().getFieldErrors()) {
            errors.add(Map.of("field", field.getField(), "message", String.valueOf(field.getDefaultMessage())));
        }
        for (ObjectError global : ex.getBindingResult().getGlobalErrors()) {
            errors.add(Map.of("field", global.getObjectName(), "message", String.valueOf(global.getDefaultMessage())));
        }
        errors.sort(Comparator.comparing((Map<String, String> error) -> error.get("field")).thenComparing(error -> error.get("message")));
        String detail = errors.stream().map(error -> error.get("field") + ": " + error.get("message"))
                .reduce((a, b) -> a + "; " + b).orElse("Invalid request body");
        ProblemDetail problem = problem(ErrorCode.BAD_REQUEST, detail);
        problem.setProperty("errors", errors);
        return new ResponseEntity<>(problem, HttpStatusCode.valueOf(400));
    }

    @Override
    protected ResponseEntity<Object> handleServletRequestBindingException(
            org.springframework.web.bind.ServletRequestBindingException ex, HttpHeaders headers,
            HttpStatusCode status, WebRequest request) {
        if (ex instanceof MissingRequestHeaderException missing && Headers.USER_ID.equals(missing.getHeaderName())) {
            return new ResponseEntity<>(problem(ErrorCode.UNAUTHENTICATED, "Authentication required"),
                    HttpStatusCode.valueOf(401));
        }
        return super.handleServletRequestBindingException(ex, headers, status, request);
    }

    @Override
    protected ResponseEntity<Object> handleExceptionInternal(Exception ex, Object body, HttpHeaders headers,
                                                             HttpStatusCode statusCode, WebRequest request) {
        ProblemDetail problem = body instanceof ProblemDetail given ? given
                : ProblemDetail.forStatusAndDetail(statusCode, "Request could not be processed");
        // Spring's default details can echo parser internals; keep a plain message for bad input.
        if (statusCode.value() == 400) {
            problem.setDetail("Malformed request: check the path, parameters and JSON body");
        }
        problem.setProperty("code", ErrorCode.forStatus(statusCode.value()).name());
        return super.handleExceptionInternal(ex, problem, headers, statusCode, request);
    }

    private static ResponseEntity<ProblemDetail> answer(ErrorCode code, String detail) {
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(code.status());
        if (code == ErrorCode.BUSY) {
            answer.header(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS);
        }
        return answer.body(problem(code, detail));
    }
}
