/** Host and port of a registered `deviceIpAddress` such as `192.168.1.20`, `gate.lan:8080` or `[fd00::5]:80`. */
export function parseDeviceAddress(address: string): { host: string; port: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(address);
  if (bracketed) return { host: bracketed[1], port: Number(bracketed[2] ?? 80) };
  const [host, port] = address.split(':');
  return { host, port: Number(port ?? 80) };
}
