package com.seckill.seckill.captcha;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.random.RandomGenerator;
import javax.imageio.ImageIO;

/**
 * Draws a challenge as a PNG with the JDK alone. Glyphs come from a built-in 5x7 bitmap, not from
 * system fonts: a headless server often has no fonts installed, and text rendering would then fail.
 * Each glyph is jittered and the picture crossed with noise, so the text is not a clean OCR target.
 */
final class CaptchaImage {

    static final int WIDTH = 160;
    static final int HEIGHT = 50;
    private static final int SCALE = 3;
    private static final int ADVANCE = 18;
    private static final int SPACE = 8;

    /** Rows of 5 pixels, top to bottom; '#' is ink. */
    private static final Map<Character, String[]> GLYPHS = Map.ofEntries(
            Map.entry('0', new String[] {" ### ", "#   #", "#  ##", "# # #", "##  #", "#   #", " ### "}),
            Map.entry('1', new String[] {"  #  ", " ##  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### "}),
            Map.entry('2', new String[] {" ### ", "#   #", "    #", "   # ", "  #  ", " #   ", "#####"}),
            Map.entry('3', new String[] {"#####", "   # ", "  #  ", "   # ", "    #", "#   #", " ### "}),
            Map.entry('4', new String[] {"   # ", "  ## ", " # # ", "#  # ", "#####", "   # ", "   # "}),
            Map.entry('5', new String[] {"#####", "#    ", "#### ", "    #", "    #", "#   #", " ### "}),
            Map.entry('6', new String[] {"  ## ", " #   ", "#    ", "#### ", "#   #", "#   #", " ### "}),
            Map.entry('7', new String[] {"#####", "    #", "   # ", "  #  ", " #   ", " #   ", " #   "}),
            Map.entry('8', new String[] {" ### ", "#   #", "#   #", " ### ", "#   #", "#   #", " ### "}),
            Map.entry('9', new String[] {" ### ", "#   #", "#   #", " ####", "    #", "   # ", " ##  "}),
            Map.entry('+', new String[] {"     ", "  #  ", "  #  ", "#####", "  #  ", "  #  ", "     "}),
            Map.entry('-', new String[] {"     ", "     ", "     ", "#####", "     ", "     ", "     "}),
            Map.entry('=', new String[] {"     ", "     ", "#####", "     ", "#####", "     ", "     "}),
            Map.entry('?', new String[] {" ### ", "#   #", "    #", "   # ", "  #  ", "     ", "  #  "}));

    private CaptchaImage() {
    }

    static byte[] png(String text, RandomGenerator random) {
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setColor(new Color(245, 245, 240));
            g.fillRect(0, 0, WIDTH, HEIGHT);
            noise(g, random, 6);
            int x = 10;
            for (char c : text.toCharArray()) {
                String[] glyph = GLYPHS.get(c);
                if (glyph == null) {
                    x += SPACE;
                    continue;
                }
                g.setColor(new Color(20 + random.nextInt(80), 20 + random.nextInt(80), 60 + random.nextInt(120)));
                int y = 10 + random.nextInt(12);
                drawGlyph(g, glyph, x + random.nextInt(3), y);
                x += ADVANCE;
            }
            noise(g, random, 4);
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException("PNG encoding into memory failed", e);
        }
        return out.toByteArray();
    }

    private static void drawGlyph(Graphics2D g, String[] rows, int x, int y) {
        for (int row = 0; row < rows.length; row++) {
            for (int col = 0; col < rows[row].length(); col++) {
                if (rows[row].charAt(col) == '#') {
                    g.fillRect(x + col * SCALE, y + row * SCALE, SCALE, SCALE);
                }
            }
        }
    }

    private static void noise(Graphics2D g, RandomGenerator random, int lines) {
        g.setStroke(new BasicStroke(1.2f));
        for (int i = 0; i < lines; i++) {
            g.setColor(new Color(120 + random.nextInt(100), 120 + random.nextInt(100), 120 + random.nextInt(100)));
            g.drawLine(random.nextInt(WIDTH), random.nextInt(HEIGHT), random.nextInt(WIDTH), random.nextInt(HEIGHT));
        }
        for (int i = 0; i < 60; i++) {
            g.setColor(new Color(random.nextInt(256), random.nextInt(256), random.nextInt(256)));
            g.fillRect(random.nextInt(WIDTH), random.nextInt(HEIGHT), 1, 1);
        }
    }
}
