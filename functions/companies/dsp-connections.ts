/**
 * Which stores (DSPs) a company delivers to. (Issue 16 contract E: the connections slice fills
 * this in from the company's DSP connections.)
 */
export async function companyDspConnected(_tenantId: string, _dspId: string): Promise<boolean> {
  return true;
}
