// What the account page shows about the signed-in person.
import { db } from "../db";
import { AppError } from "../errors";

export interface Profile {
  id: string;
  name: string;
  email: string;
  role: "member" | "operator";
  createdAt: string;
}

export async function getProfile(personId: string): Promise<Profile> {
  const person = await db.person.findUnique({
    where: { id: personId },
    select: { id: true, name: true, email: true, role: true, createdAt: true },
  });
  if (!person) throw new AppError("unauthorized", "This account no longer exists; sign in again.");
  return {
    ...person,
    role: person.role === "operator" ? "operator" : "member",
    createdAt: person.createdAt.toISOString(),
  };
}
