import { accountHandlers } from './account.ts';
import { frontendHandlers } from './frontend.ts';
import { authorizationHandlers } from './authorization.ts';
import { externalApplicationHandlers } from './external-application.ts';
import { frontendKeyHandlers } from './frontend-key.ts';
import { auditHandlers } from './audit.ts';
import { systemHandlers } from './system.ts';
import { shopHandlers } from './shop.ts';
import { shopOrderHandlers } from './shop-order.ts';
import { bundleHandlers } from './bundle.ts';
import { agreementHandlers } from './agreement.ts';
import { excelHandlers } from './excel.ts';
import { ruleHandlers } from './rule.ts';
import { cartHandlers } from './cart.ts';
import { billHandlers } from './bill.ts';
import { userCreatedBundleHandlers } from './user-created-bundle.ts';
import { supportHandlers } from './support.ts';
import { clinicalHandlers } from './clinical.ts';
import { hospitalSettingsHandlers } from './hospital-settings.ts';
import { dataModelHandlers } from './data-model.ts';
import { dataModelRecordHandlers } from './data-model-record.ts';
import { doseCalculatorHandlers } from './dose-calculator.ts';
import { protocolHandlers } from './protocol.ts';
import { patientHandlers } from './patient.ts';
import { treatmentHandlers } from './treatment.ts';
import { documentHandlers } from './document.ts';
import { speedMonitoringHandlers } from './speed-monitoring.ts';
import { databaseHandlers } from './database.ts';
import { mailingHandlers } from './mailing.ts';
import { processHandlers } from './process.ts';
import { waiSearchHandlers } from './wai-search.ts';
import { analysisProjectHandlers } from './analysis-projects.ts';
import { analysisQueryHandlers } from './analysis-queries.ts';
import { statisticsHandlers } from './statistics.ts';
import { machineLearningHandlers } from './machine-learning.ts';
import type { HandlerSet } from './types.ts';

/** Every implemented route. The route table has the rest; they answer "not implemented". */
export const handlers: HandlerSet = {
  ...systemHandlers,
  ...speedMonitoringHandlers,
  ...frontendHandlers,
  ...accountHandlers,
  ...authorizationHandlers,
  ...externalApplicationHandlers,
  ...frontendKeyHandlers,
  ...mailingHandlers,
  ...auditHandlers,
  ...shopHandlers,
  ...shopOrderHandlers,
  ...bundleHandlers,
  ...agreementHandlers,
  ...excelHandlers,
  ...ruleHandlers,
  ...cartHandlers,
  ...billHandlers,
  ...userCreatedBundleHandlers,
  ...supportHandlers,
  ...clinicalHandlers,
  ...hospitalSettingsHandlers,
  ...dataModelHandlers,
  ...dataModelRecordHandlers,
  ...doseCalculatorHandlers,
  ...protocolHandlers,
  ...patientHandlers,
  ...treatmentHandlers,
  ...documentHandlers,
  ...databaseHandlers,
  ...processHandlers,
  ...waiSearchHandlers,
  ...analysisProjectHandlers,
  ...analysisQueryHandlers,
  ...statisticsHandlers,
  ...machineLearningHandlers,
};
