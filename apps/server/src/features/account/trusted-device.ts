import { deviceTrust } from '../../lib/device-trust.ts';

// The app's sign-in remembers the devices that signed in (lib/device-trust.ts): strangers never
// lock the owner's device out. The mac's purpose is the cookie's name, as it always was, so notes
// already on phones stay valid.
const appDevices = deviceTrust('kc_device', '/api/auth/login');

export const DEVICE_COOKIE = appDevices.cookie;
export const { trustedDeviceFor, rememberDevice } = appDevices;
