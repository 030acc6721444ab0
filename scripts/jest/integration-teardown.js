/** globalTeardown of the integration projects: the end of what scripts/jest/integration-setup.js began. */
module.exports = require('./integration-setup').teardown;
