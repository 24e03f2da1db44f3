// SHA-256 against the FIPS 180-4 test vectors, across the block boundaries that padding depends on.
#include "base/sha256.hpp"

#include <doctest/doctest.h>

#include <string>

using tilewalk::base::Sha256Hex;

TEST_CASE("sha256: the published test vectors") {
  CHECK(Sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(Sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(Sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(Sha256Hex(std::string(1000000, 'a')) ==
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("sha256: lengths around the padding boundaries give distinct digests") {
  std::string previous;
  for (std::size_t n : {54u, 55u, 56u, 57u, 63u, 64u, 65u, 119u, 120u}) {
    CAPTURE(n);
    const std::string digest = Sha256Hex(std::string(n, 'x'));
    CHECK(digest.size() == 64);
    CHECK(digest != previous);
    previous = digest;
  }
  CHECK(Sha256Hex(std::string(55, 'a')) ==
        "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
  CHECK(Sha256Hex(std::string(56, 'a')) ==
        "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
}
