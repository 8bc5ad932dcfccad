const MAX_KEYS = 10_000;

/**
 * Device key hashes recently seen valid, with their device id, so a gate reader's hot path can
 * refuse an unknown key before reading the body without a query of its own. Only a hint: the
 * route's own query reads the device by key hash, so a key rotated or a device deleted by another
 * process is refused there; this process forgets a key the moment it rotates or deletes it.
 */
export class DeviceKeyCache {
  private readonly deviceIdByKeyHash = new Map<string, string>();

  deviceIdOf(keyHash: string): string | undefined {
    return this.deviceIdByKeyHash.get(keyHash);
  }

  remember(keyHash: string, deviceId: string) {
    if (this.deviceIdByKeyHash.size >= MAX_KEYS) this.deviceIdByKeyHash.clear();
    this.deviceIdByKeyHash.set(keyHash, deviceId);
  }

  forgetKey(keyHash: string) {
    this.deviceIdByKeyHash.delete(keyHash);
  }

  forgetDevice(deviceId: string) {
    for (const [keyHash, id] of this.deviceIdByKeyHash) {
      if (id === deviceId) this.deviceIdByKeyHash.delete(keyHash);
    }
  }

  forgetAll() {
    this.deviceIdByKeyHash.clear();
  }
}
