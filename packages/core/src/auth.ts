/**
 * The longest username and password a sign-in may send: the limits keep a hostile body from
 * costing the server a hash of a megabyte-long password; no real one comes near them.
 */
export const USERNAME_MAX = 64;
export const PASSWORD_MAX = 256;

export interface TokenResponse {
  token: string;
}

export interface RefreshResponse {
  token: string;
  /** Expiry of the new token, in seconds since the Unix epoch (the JWT's exp). */
  expire: number;
}

/** The signed-in user as GET /API/EmployeeInfo/ gives it: the first element of data. */
export interface SignedInUser {
  empID: number;
  empFirstName: string;
  empLastName: string;
  empDepartment: number | null;
  username: string;
}

/** GET /API/AppConfig/: the settings of this installation the web app needs. */
export interface AppConfigResponse {
  /** The external time-clock site the header links to (TIME_CLOCK_URL). */
  timeClockUrl: string;
  /** The company's time zone (COMPANY_TIME_ZONE): its days count the hours tables. */
  timeZone: string;
  /** The board service's board (BOARD_ID), when the service is configured: a project's page shows its item. */
  boardID?: string | null;
}

export interface EmployeeInfoResponse {
  data: SignedInUser[];
}
