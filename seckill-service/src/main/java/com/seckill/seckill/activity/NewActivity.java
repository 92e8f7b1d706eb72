package com.seckill.seckill.activity;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Insert parameter: MyBatis writes the generated id back into {@code id}. */
final class NewActivity {

    Long id;
    final long goodsId;
    final String goodsName;
    final BigDecimal price;
    final int stock;
    final Instant startTime;
    final Instant endTime;
    final boolean captchaRequired;
    final int buckets;

    NewActivity(CreateActivityRequest request) {
        this.goodsId = request.goodsId();
        this.goodsName = request.goodsName().strip();
        this.price = request.price();
        this.stock = request.stock();
        // whole seconds, as MySQL keeps them: Redis, the catalog and every page then agree on the very moment
        this.startTime = request.startTime().toInstant().truncatedTo(ChronoUnit.SECONDS);
        this.endTime = request.endTime().toInstant().truncatedTo(ChronoUnit.SECONDS);
        this.captchaRequired = Boolean.TRUE.equals(request.captchaRequired());
        this.buckets = request.buckets() == null ? 1 : request.buckets();
    }

    Activity toActivity() {
        return new Activity(id, goodsId, goodsName, price, stock, stock, startTime, endTime, captchaRequired, buckets);
    }

    public Long getId() {
        return id;
    }

    public void setId(Long id) {
        this.id = id;
    }

    public long getGoodsId() {
        return goodsId;
    }

    public String getGoodsName() {
        return goodsName;
    }

    public BigDecimal getPrice() {
        return price;
    }

    public int getStock() {
        return stock;
    }

    public Instant getStartTime() {
        return startTime;
    }

    public Instant getEndTime() {
        return endTime;
    }

    public boolean isCaptchaRequired() {
        return captchaRequired;
    }

    public int getBuckets() {
        return buckets;
    }
}
