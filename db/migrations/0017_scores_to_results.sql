-- Issue 20: today's free-text scores into the result columns, without loss (custom migration).
-- Each races.score is read the way app/rules/race-time.ts parseScore reads it: trimmed of the
-- whitespace JavaScript's trim() removes, at most 20 characters, then
--   "DNS", "DNF", "DSQ" (any case)                    -> status
--   "1:02.35", "1:02", "58.20" (min and s 0-59, up to 3 decimals, more than 0; a bare whole
--   number is refused)                                -> time_ms
--   "1st", "2nd", "3rd", "11th" (right suffix, any case, at least 1) -> place
--   "2-1" (spaces around the dash allowed)            -> wins, losses
-- Anything else (and any score past 20 characters) stays only in score. score itself is never
-- changed. Rows that already hold a result in the new columns are left alone.
-- A round with at least one non-empty score was public already: it becomes PROVISIONAL, saved now,
-- with no protest deadline (the desk declares it Official). Then timed lanes get their place in
-- their round: time plus penalty ascending, equal times share it and the next skips (RANK: 1,2,2,4).
-- A typed place ("1st") is kept as typed. tests/unit/scores-migration.test.ts checks every row
-- against parseScore.
CREATE TEMP TABLE `score_0017` (
	`id` integer PRIMARY KEY NOT NULL,
	`round_id` integer NOT NULL,
	`t` text NOT NULL,
	`mm` integer,
	`ss` integer,
	`ff` integer,
	`ms` integer,
	`code` text,
	`place` integer,
	`wins` integer,
	`losses` integer
);
--> statement-breakpoint
INSERT INTO `score_0017` (`id`, `round_id`, `t`)
SELECT `id`, `round_id`, trim(`score`, char(32, 9, 10, 11, 12, 13, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279))
FROM `races`
WHERE `score` IS NOT NULL AND trim(`score`, char(32, 9, 10, 11, 12, 13, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)) <> '';
--> statement-breakpoint
UPDATE `score_0017` SET `code` = upper(`t`)
WHERE length(`t`) <= 20 AND upper(`t`) IN ('DNS', 'DNF', 'DSQ');
--> statement-breakpoint
UPDATE `score_0017` SET
  `mm` = CASE WHEN instr(`t`, ':') > 0 THEN CAST(substr(`t`, 1, instr(`t`, ':') - 1) AS INTEGER) ELSE 0 END,
  `ss` = CAST(CASE WHEN instr(`t`, ':') > 0 THEN substr(`t`, instr(`t`, ':') + 1) ELSE `t` END AS INTEGER),
  `ff` = CASE WHEN instr(`t`, '.') > 0 THEN CAST(substr(substr(`t`, instr(`t`, '.') + 1) || '000', 1, 3) AS INTEGER) ELSE 0 END
WHERE length(`t`) <= 20
  AND (t GLOB '[0-9]:[0-9][0-9]'
     OR t GLOB '[0-9]:[0-9][0-9].[0-9]'
     OR t GLOB '[0-9]:[0-9][0-9].[0-9][0-9]'
     OR t GLOB '[0-9]:[0-9][0-9].[0-9][0-9][0-9]'
     OR t GLOB '[0-9][0-9]:[0-9][0-9]'
     OR t GLOB '[0-9][0-9]:[0-9][0-9].[0-9]'
     OR t GLOB '[0-9][0-9]:[0-9][0-9].[0-9][0-9]'
     OR t GLOB '[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]'
     OR t GLOB '[0-9].[0-9]'
     OR t GLOB '[0-9].[0-9][0-9]'
     OR t GLOB '[0-9].[0-9][0-9][0-9]'
     OR t GLOB '[0-9][0-9].[0-9]'
     OR t GLOB '[0-9][0-9].[0-9][0-9]'
     OR t GLOB '[0-9][0-9].[0-9][0-9][0-9]');
--> statement-breakpoint
UPDATE `score_0017` SET `ms` = (`mm` * 60 + `ss`) * 1000 + `ff`
WHERE `mm` IS NOT NULL AND `mm` <= 59 AND `ss` <= 59 AND (`mm` * 60 + `ss`) * 1000 + `ff` > 0;
--> statement-breakpoint
UPDATE `score_0017` SET `place` = CAST(`t` AS INTEGER)
WHERE length(`t`) <= 20
  AND (`t` GLOB '[0-9][A-Za-z][A-Za-z]' OR `t` GLOB '[0-9][0-9][A-Za-z][A-Za-z]')
  AND CAST(`t` AS INTEGER) >= 1
  AND lower(substr(`t`, -2)) = CASE
    WHEN CAST(`t` AS INTEGER) % 100 BETWEEN 11 AND 13 THEN 'th'
    WHEN CAST(`t` AS INTEGER) % 10 = 1 THEN 'st'
    WHEN CAST(`t` AS INTEGER) % 10 = 2 THEN 'nd'
    WHEN CAST(`t` AS INTEGER) % 10 = 3 THEN 'rd'
    ELSE 'th'
  END;
--> statement-breakpoint
UPDATE `score_0017` SET
  `wins` = CAST(rtrim(substr(`t`, 1, instr(`t`, '-') - 1), char(32, 9, 10, 11, 12, 13, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)) AS INTEGER),
  `losses` = CAST(ltrim(substr(`t`, instr(`t`, '-') + 1), char(32, 9, 10, 11, 12, 13, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)) AS INTEGER)
WHERE length(`t`) <= 20
  AND instr(`t`, '-') > 0
  AND (rtrim(substr(`t`, 1, instr(`t`, '-') - 1), char(32, 9, 10, 11, 12, 13, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)) GLOB '[0-9]'
    OR rtrim(substr(`t`, 1, instr(`t`, '-') - 1), char(32, 9, 10, 11, 12, 13, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)) GLOB '[0-9][0-9]')
  AND (ltrim(substr(`t`, instr(`t`, '-') + 1), char(32, 9, 10, 11, 12, 13, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)) GLOB '[0-9]'
    OR ltrim(substr(`t`, instr(`t`, '-') + 1), char(32, 9, 10, 11, 12, 13, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)) GLOB '[0-9][0-9]');
--> statement-breakpoint
UPDATE `races` SET
  `time_ms` = s.`ms`,
  `status` = s.`code`,
  `place` = s.`place`,
  `wins` = s.`wins`,
  `losses` = s.`losses`
FROM `score_0017` AS s
WHERE `races`.`id` = s.`id`
  AND (s.`ms` IS NOT NULL OR s.`code` IS NOT NULL OR s.`place` IS NOT NULL OR s.`wins` IS NOT NULL)
  AND `races`.`time_ms` IS NULL AND `races`.`status` IS NULL AND `races`.`place` IS NULL
  AND `races`.`wins` IS NULL AND `races`.`losses` IS NULL;
--> statement-breakpoint
UPDATE `rounds` SET
  `result_state` = 'PROVISIONAL',
  `results_at` = CAST(unixepoch('subsec') * 1000 AS INTEGER),
  `protest_until` = NULL
WHERE `result_state` = 'NONE' AND `id` IN (SELECT `round_id` FROM `score_0017`);
--> statement-breakpoint
UPDATE `races` SET `place` = r.`rk`
FROM (
  SELECT `races`.`id` AS `id`,
    RANK() OVER (PARTITION BY `races`.`round_id` ORDER BY `races`.`time_ms` + `races`.`penalty_ms`) AS `rk`
  FROM `races`
  WHERE `races`.`time_ms` IS NOT NULL AND `races`.`status` IS NULL
    AND `races`.`round_id` IN (SELECT `round_id` FROM `score_0017` WHERE `ms` IS NOT NULL)
) AS r
WHERE `races`.`id` = r.`id`;
--> statement-breakpoint
DROP TABLE temp.`score_0017`;
