-- Issue 27: a verified payment result is compared with EVERY result logged for its order and status
-- (models/order.server.ts recordPayment), not only the first 20: one seek on the order and status,
-- and the transaction id and msg read from the index itself (the repeat check and the count of
-- logged results never touch the table). payment_logs_order (order_id) stays for the other lookups.
CREATE INDEX `payment_logs_result` ON `payment_logs` (`order_id`,`status_id`,`verified`,`transaction_id`,`msg`);
