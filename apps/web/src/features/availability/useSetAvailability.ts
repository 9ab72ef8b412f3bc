import { type AvailabilitySource, type AvailabilityType, companyDateTime, TOASTS } from "@office/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { endsSession } from "../../services/failures";
import { invalidateTables } from "../../services/query-keys";
import { appConfigQuery } from "../../services/session";
import { showToast } from "../../services/toast";
import { writeRecord } from "../../widgets/record/mutations";
import { AVAILABILITY_KEY } from "./availability-query";
import { serverNow } from "./clock";

/**
 * The user's own availability (docs/product-rules.md#availability): empAvailabilityType and the
 * time, written to their own employee record through the Update call (the server keeps its own
 * time), then the colleague list read again. The switch moves at once; a refused change puts it
 * back with 'Failed Update'.
 */
export function useSetAvailability(empID: number) {
  const client = useQueryClient();
  const { data: config } = useQuery(appConfigQuery);
  return useMutation({
    mutationFn: (type: AvailabilityType) => {
      const now = serverNow();
      const at = config ? companyDateTime(now, config.timeZone) : now.toISOString().slice(0, 19).replace("T", " ");
      return writeRecord("update", "tblEmployee", `empID = ${empID}`, {
        empAvailabilityType: type,
        empAvailabilityTS: at,
      });
    },
    onMutate: async (type) => {
      await client.cancelQueries({ queryKey: AVAILABILITY_KEY, exact: true });
      const before = client.getQueryData<AvailabilitySource[]>(AVAILABILITY_KEY);
      client.setQueryData<AvailabilitySource[]>(AVAILABILITY_KEY, (rows) =>
        rows?.map((row) =>
          row.empID === empID
            ? { ...row, empAvailabilityType: type, empAvailabilityTS: serverNow().toISOString() }
            : row,
        ),
      );
      return { before };
    },
    onError: (error, _type, context) => {
      if (context?.before) client.setQueryData(AVAILABILITY_KEY, context.before);
      if (!endsSession(error)) showToast(TOASTS.updateFailed);
    },
    onSettled: () => invalidateTables(client, ["tblEmployee"]),
  });
}
