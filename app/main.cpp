// tilewalk's entry point; everything lives in tilewalk::app (cli.hpp).
#include "app/cli.hpp"

int main(int argc, char** argv) {
  return tilewalk::app::Main(argc, argv);
}
