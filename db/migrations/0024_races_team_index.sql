-- Issue 28: a team's lanes are read by team (My Races, the pontoon, a crew change's races left).
CREATE INDEX `races_team` ON `races` (`team_id`);