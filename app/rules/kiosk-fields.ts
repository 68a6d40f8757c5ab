/** A kiosk device's name (issue 18): the enrol form's input and the server's cap. */
export const KIOSK_NAME_MAX = 60;
