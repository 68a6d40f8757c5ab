-- The overview counts paid orders of the edition looked at (issue 21).
CREATE INDEX `orders_edition_status` ON `orders` (`edition_id`,`status`);