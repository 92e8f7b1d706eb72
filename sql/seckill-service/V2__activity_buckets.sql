-- An activity's units may be sold from several Redis buckets (DESIGN.md §4 "buckets":K, design.md "Stock
-- buckets"): how many is part of its definition, fixed at creation. 1 is the layout of DESIGN.md §5.
ALTER TABLE seckill_activity ADD COLUMN buckets INT NOT NULL DEFAULT 1;
ALTER TABLE seckill_activity ADD CONSTRAINT chk_activity_buckets CHECK (buckets BETWEEN 1 AND 16);
