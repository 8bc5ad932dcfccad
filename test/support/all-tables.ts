// Every table of the product, for suites that look at all of them (checksums, dumps).
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as people from '../../server/accounts/account-tables';
import * as activity from '../../server/activity/activity-tables';
import * as authorization from '../../server/authorization/session-tables';
import * as delivery from '../../server/delivery/delivery-tables';
import * as deviceHealth from '../../server/device-health/device-health-tables';
import * as devices from '../../server/device-records/device-tables';
import * as holdOpen from '../../server/device-records/hold-tables';
import * as gateCredentials from '../../server/gate-credentials/card-tables';
import * as gateLog from '../../server/gate-log/gate-log-tables';
import * as gates from '../../server/gates/gate-tables';
import * as identity from '../../server/identity/identity-tables';
import * as jobs from '../../server/platform/jobs/job-tables';
import * as limits from '../../server/platform/limits/limit-tables';
import * as properties from '../../server/property-records/property-tables';
import * as propertyRules from '../../server/property-rules/property-rule-tables';
import * as push from '../../server/push/push-tables';
import * as visitors from '../../server/visitors/visitor-tables';

export const allTables = {
  ...activity,
  ...authorization,
  ...delivery,
  ...deviceHealth,
  ...devices,
  ...gateCredentials,
  ...gateLog,
  ...gates,
  ...holdOpen,
  ...identity,
  ...people,
  ...jobs,
  ...limits,
  ...properties,
  ...propertyRules,
  ...push,
  ...visitors,
};

export const everyTable = Object.values(allTables).filter((value) => is(value, PgTable)) as PgTable[];
