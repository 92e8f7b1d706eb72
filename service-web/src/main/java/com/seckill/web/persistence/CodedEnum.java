package com.seckill.web.persistence;

/**
 * An enum stored as a number of its own (an order's or a payment's state), not as its name or
 * position: {@link CodedEnumTypeHandler} binds it so, and SQL holds no literal of it.
 */
public interface CodedEnum {

    int code();

    /** The constant of {@code type} stored as {@code code}. */
    static <E extends Enum<E> & CodedEnum> E of(Class<E> type, int code) {
        for (E constant : type.getEnumConstants()) {
            if (constant.code() == code) {
                return constant;
            }
        }
        throw new IllegalArgumentException("Unknown " + type.getSimpleName() + " code " + code);
    }
}
