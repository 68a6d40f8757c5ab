// Emails about orders. (Being built: the order-paid email with the receipt PDF attached.)
/** Tells the order's owner it is paid (with the receipt attached). Never throws: failures are logged. */
export async function sendOrderPaidEmail(orderId: number): Promise<void> {
  void orderId;
}
