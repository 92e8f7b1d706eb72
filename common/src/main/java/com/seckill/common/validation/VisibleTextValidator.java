package com.seckill.common.validation;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;

/** See {@link VisibleText}. */
public final class VisibleTextValidator implements ConstraintValidator<VisibleText, CharSequence> {

    /** Empty or ASCII blanks are {@code @NotBlank}'s to report, once; the rest of Unicode's blanks are this rule's. */
    @Override
    public boolean isValid(CharSequence value, ConstraintValidatorContext context) {
        return value == null || value.toString().trim().isEmpty() || isVisible(value);
    }

    /** Whether the text has a visible character and no control character or lone surrogate. */
    public static boolean isVisible(CharSequence text) {
        boolean visible = false;
        for (int i = 0; i < text.length(); ) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1))) {
                    return false;
                }
            } else if (Character.isLowSurrogate(c)) {
                return false;
            }
            int codePoint = Character.codePointAt(text, i);
            if (Character.getType(codePoint) == Character.CONTROL) {
                return false;
            }
            visible |= !isInvisible(codePoint);
            i += Character.charCount(codePoint);
        }
        return visible;
    }

    private static boolean isInvisible(int codePoint) {
        if (Character.isWhitespace(codePoint) || Character.isSpaceChar(codePoint)) {
            return true;
        }
        int type = Character.getType(codePoint);
        if (type == Character.FORMAT || type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
                || type == Character.UNASSIGNED || type == Character.PRIVATE_USE) {
            return true;
        }
        return switch (codePoint) {
            // Hangul fillers, the braille blank and the combining grapheme joiner render as nothing
            case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x034F, 0x180E, 0xFFFC, 0xFFFD -> true;
            default -> false;
        };
    }
}
