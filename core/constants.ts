// Business constants and limits (docs/SPEC.md §9).
export const TOKEN_COOKIE_NAME = 'token';
export const TOKEN_COOKIE_DAYS = 30;
export const TOKEN_REFRESH_BELOW_SECONDS = 1800;

export const PASSWORD_MIN_LENGTH = 6;
/** Text limits the forms stop typing at and the server refuses beyond: a form never takes more than is kept. */
export const PASSWORD_MAX_LENGTH = 200;
export const PERSON_NAME_MAX_LENGTH = 100;
/** The longest email address (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;
export const SEARCH_MAX_LENGTH = 100;
export const PHONE_COUNTRY_PREFIX = '+1';
export const PHONE_DIGITS = 10;

export const NOTIFICATION_PAGE_SIZE = 10;
export const NOTIFICATION_SCROLL_THRESHOLD_PX = 10;
export const LIST_PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 100;
/** The most rows a list without paging (properties, devices, one resident's visitors) returns. */
export const MAX_UNPAGED_LIST = 1000;
/** Properties per page of the devices list: each with all its gates (bench/many-properties.bench.ts). */
export const DEVICE_LIST_PROPERTIES_PER_PAGE = 20;
/** The most rows one CSV export streams; narrow the dates for more. */
export const MAX_EXPORT_ROWS = 50_000;
export const SEARCH_DEBOUNCE_MS = 500;
export const BACK_TO_TOP_AFTER_PX = 300;
export const LOG_PAGE_SIZE = 10;
export const LOG_DEFAULT_RANGE_DAYS = 7;
export const LOG_PAGE_WINDOW = 5;

export const PERMANENT_VISITOR_DAYS = 36500;
export const PERMANENT_QR_EDITOR_YEARS = 100;
export const TIME_STEP_MINUTES = 60;
export const DEFAULT_WINDOW_START = '00:00';
export const DEFAULT_WINDOW_END = '23:59';

export const RESET_TOKEN_MINUTES = 10;
export const REDIRECT_COUNTDOWN_SECONDS = 5;

export const MESSAGE_TIMINGS_MS = {
  gateDeviceList: 3000,
  gateAccessGates: 4000,
  deviceRegisteredBanner: 5000,
  deviceUpdateDelete: 3000,
  toastVisitorList: 2000,
  toastVisitorQrPage: 3000,
  copyConfirmation: 3000,
} as const;

export const PROPERTY_FEATURES = ['securepin', 'rfid', 'qr', 'intercom'] as const;
export type PropertyFeature = (typeof PROPERTY_FEATURES)[number];
export const PROPERTY_FEATURE_LABELS: Record<PropertyFeature, string> = {
  securepin: 'Secure PIN',
  rfid: 'RFID Access',
  qr: 'QR Feature',
  intercom: 'Intercom',
};

export const DEVICE_TYPES = ['gate'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const DEVICE_TYPE_LABELS: Record<DeviceType, string> = { gate: 'Main Gate' };

export const QR_TYPES = ['betweenDates', 'weekdays', 'randomDates'] as const;
export type QrType = (typeof QR_TYPES)[number];

export const CALLER_TYPES = ['user', 'visitor'] as const;
export type CallerType = (typeof CALLER_TYPES)[number];

/**
 * docs/SPEC.md §3's success, failed and partial, and two it shows as "other": pending while the relay is
 * being asked, unknown when the server stopped before it answered (docs/decisions/0021); notice for a
 * change of the gates' state that opened nothing and refused no one (a lockdown's start and end).
 */
export const LOG_STATUSES = ['success', 'failed', 'partial', 'pending', 'unknown', 'notice'] as const;
export type LogStatus = (typeof LOG_STATUSES)[number];

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const DEFAULT_TIME_ZONE = 'America/New_York';
export const BULK_TEMPLATE_FILE = 'user_template.csv';
export const BULK_ERRORS_FILE = 'errors.csv';
export const COMPANY_NAME = 'Gatehouse';
